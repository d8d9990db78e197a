import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { DataStack } from '#infra/stacks/data-stack.ts';
import { WebStack } from '#infra/stacks/web-stack.ts';
import { siteDomain, type SiteDomain } from '#infra/stage-config.ts';
import { writeWebDist } from '../support/web-dist.ts';

/** An optional custom domain with its us-east-1 certificate and a modern TLS policy. */
const scratch = mkdtempSync(path.join(tmpdir(), 'custom-domain-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';

function webTemplate(domain?: SiteDomain) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, outdir: path.join(scratch, domain ? 'with' : 'without') });
  const data = new DataStack(app, 'Data');
  const web = new WebStack(app, 'Web', {
    apiEndpoint: 'https://abc.execute-api.eu-west-1.amazonaws.com',
    table: data.table,
    edgeSecret: data.edgeSecret,
    webDistPath: writeWebDist(path.join(scratch, `dist-${domain ? 'with' : 'without'}`)),
    domain,
  });
  return Template.fromStack(web).toJSON() as { Resources: Record<string, { Type: string; Properties: Record<string, any> }>; Outputs: Record<string, { Value: unknown }> };
}

const distributionOf = (t: ReturnType<typeof webTemplate>) => Object.values(t.Resources).find((r) => r.Type === 'AWS::CloudFront::Distribution')!.Properties.DistributionConfig;
const siteWrite = (t: ReturnType<typeof webTemplate>) => JSON.stringify(Object.values(t.Resources).filter((r) => r.Type === 'Custom::SiteConfig'));

describe('the site on its own domain', () => {
  it('serves the domain with its certificate, SNI and TLS 1.2 or later, names it in links, and outputs where to point it', () => {
    const t = webTemplate({ name: 'quiz.example.org', certificateArn: CERT });
    const config = distributionOf(t);
    expect(config.Aliases).toEqual(['quiz.example.org']);
    expect(config.ViewerCertificate).toEqual({ AcmCertificateArn: CERT, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    expect(t.Outputs.SiteUrl!.Value).toBe('https://quiz.example.org');
    expect(siteWrite(t)).toContain('https://quiz.example.org');
    expect(JSON.stringify(t.Outputs.DomainTarget!.Value)).toContain('DomainName');
  });

  it('without one, the CloudFront domain works as before', () => {
    const t = webTemplate();
    const config = distributionOf(t);
    expect(config.Aliases).toBeUndefined();
    expect(config.ViewerCertificate).toBeUndefined();
    expect(JSON.stringify(t.Outputs.SiteUrl!.Value)).toContain('DomainName');
    expect(t.Outputs.DomainTarget).toBeUndefined();
  });
});

describe('the domain context', () => {
  it('takes both keys or neither', () => {
    expect(siteDomain(undefined, undefined)).toBeUndefined();
    expect(siteDomain(' Quiz.Example.org ', CERT)).toEqual({ name: 'quiz.example.org', certificateArn: CERT });
    expect(() => siteDomain('quiz.example.org', undefined)).toThrow('needs both -c domainName');
    expect(() => siteDomain(undefined, CERT)).toThrow('needs both -c domainName');
  });

  it.each(['https://quiz.example.org', 'quiz.example.org/app', 'localhost', 'quiz_example.org'])('refuses %s as a host name', (name) => {
    expect(() => siteDomain(name, CERT)).toThrow('is not a host name');
  });

  it('refuses a certificate outside us-east-1, which CloudFront cannot use', () => {
    expect(() => siteDomain('quiz.example.org', CERT.replace('us-east-1', 'eu-west-1'))).toThrow('must be an ACM certificate in us-east-1');
  });
});
