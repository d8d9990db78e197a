import { countOf } from '#shared/text/counts.ts';
import { useEffect, useState, type FormEvent } from 'react';
import {
  DEFAULT_REPORT_PERIOD,
  PERIOD_LABELS,
  REPORT_MESSAGES as M,
  REPORT_PERIODS,
  subjectName,
  type ProgressReport,
  type ReportPeriod,
} from '#shared/reports/report.ts';
import { FormMessage } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { DownloadIcon, LockIcon } from '@/components/icons.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useProgressReport, useReportSends, useSendReport } from '../api/reports-api.ts';
import styles from './progress-report.module.css';

/** How long Send Report shows "Sent!" (docs/learning.md). */
const SENT_MS = 3000;

export function ProgressReportUpgradeGate() {
  return (
    <div className={`card ${styles.gate}`}>
      <LockIcon size={28} />
      <h2 className={styles.gateTitle}>{M.premiumRequired}</h2>
      <p className="muted">See your quizzes, scores, study time and achievements over time, download them as a PDF and send them to a parent or teacher.</p>
      <LinkButton to="/subscription">Start Free Trial</LinkButton>
    </div>
  );
}

/** The page; the PDF (jspdf and its font) is loaded on the first Download PDF, not with the page. */
export function ProgressReportPage({ studentEmail, studentName }: { studentEmail: string; studentName?: string | undefined }) {
  const [days, setDays] = useState<ReportPeriod>(DEFAULT_REPORT_PERIOD);
  const report = useProgressReport(days);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const data = report.data;
  const empty = data !== undefined && data.totalQuizzes === 0;

  const download = async () => {
    if (!data) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      const { downloadReportPdf } = await import('../pdf-download.ts');
      await downloadReportPdf(data, { studentEmail, studentName });
    } catch {
      setDownloadError('The PDF could not be made. Try again.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className="page__title">{M.title}</h1>
          <p className="muted">{M.subtitle}</p>
        </div>
        <LinkButton to="/dashboard" variant="secondary">
          Back to Dashboard
        </LinkButton>
      </header>

      <div className={styles.toolbar}>
        <label className={styles.period}>
          <span>Period</span>
          <select value={days} onChange={(e) => setDays(Number(e.target.value) as ReportPeriod)}>
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={() => void download()} disabled={!data || report.isPlaceholderData} loading={downloading}>
          <DownloadIcon size={16} /> Download PDF
        </Button>
      </div>
      <FormMessage message={downloadError} />

      {report.isPending ? (
        <ReportSkeleton />
      ) : report.isError ? (
        <div className={`card ${styles.empty}`} role="alert">
          <p>{report.error instanceof ApiError ? report.error.message : M.loadFailed}</p>
          <Button variant="secondary" onClick={() => void report.refetch()}>
            Try Again
          </Button>
        </div>
      ) : empty ? (
        <div className={`card ${styles.empty}`}>
          <p>{M.empty}</p>
        </div>
      ) : (
        data && <ReportBody report={data} />
      )}

      <ShareReport days={days} />
    </div>
  );
}

function ReportSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading progress report" className={styles.body}>
      <div className={styles.stats}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={`card ${styles.stat}`}>
            <span className={styles.skeleton} style={{ width: '60%' }} />
            <span className={styles.skeleton} style={{ width: '40%', height: '1.75rem' }} />
          </div>
        ))}
      </div>
      <div className={`card ${styles.skeletonBlock}`} />
    </div>
  );
}

function ReportBody({ report }: { report: ProgressReport }) {
  const stats = [
    { label: 'Total Quizzes', value: String(report.totalQuizzes) },
    { label: 'Average Score', value: `${report.averageScore}%` },
    { label: 'Study Time', value: `${report.studyTimeMinutes} min` },
    { label: 'Achievements', value: String(report.achievements), note: `${report.streak}-day streak · ${report.achievementsInPeriod} new in period` },
  ];
  return (
    <div className={styles.body}>
      <ul className={styles.stats} aria-label="Summary">
        {stats.map((s) => (
          <li key={s.label} className={`card ${styles.stat}`}>
            <span className={styles.statLabel}>{s.label}</span>
            <span className={styles.statValue}>{s.value}</span>
            {s.note && <span className={styles.statNote}>{s.note}</span>}
          </li>
        ))}
      </ul>

      <section className="card" aria-labelledby="report-subjects">
        <h2 id="report-subjects" className="card__title">
          Subject Performance
        </h2>
        <ul className={styles.subjects}>
          {report.subjects.map((s) => (
            <li key={s.subject} className={styles.subject}>
              <span className={styles.subjectName}>{subjectName(s.subject)}</span>
              <span className="muted">{countOf(s.quizzes, 'quiz completed', 'quizzes completed')}</span>
              <span className={styles.subjectAverage}>{s.averagePercent}%</span>
              <span className={s.trendPercent >= 0 ? styles.trendUp : styles.trendDown} aria-label={`Trend ${s.trendPercent >= 0 ? '+' : ''}${s.trendPercent}%`}>
                {s.trendPercent >= 0 ? '▲ +' : '▼ '}
                {s.trendPercent}%
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="report-weeks">
        <h2 id="report-weeks" className="card__title">
          Weekly Progress
        </h2>
        <ol className={styles.weeks}>
          {report.weeks.map((w) => (
            <li key={w.label} className={styles.week}>
              <span className={styles.weekLabel}>{w.label}</span>
              <span>
                {w.quizzes} {w.quizzes === 1 ? 'quiz' : 'quizzes'}
              </span>
              <span className="muted">{w.quizzes ? `${w.averagePercent}% avg` : '—'}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function ShareReport({ days }: { days: ReportPeriod }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const send = useSendReport();
  const history = useReportSends();

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(false), SENT_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { email, days },
      {
        onSuccess: () => {
          setSent(true);
          setEmail('');
        },
      },
    );
  };
  const error = send.error instanceof ApiError ? (send.error.fields?.email ?? send.error.message) : send.error ? M.sendFailed : null;

  return (
    <section className={`card ${styles.share}`} aria-labelledby="report-share">
      <h2 id="report-share" className="card__title">
        Share Report
      </h2>
      <p className="muted">E-mail this report as a PDF to a parent or teacher.</p>
      <form className={styles.shareForm} onSubmit={submit} noValidate>
        <input
          type="email"
          className="field__input"
          aria-label="Email address"
          placeholder={M.emailPlaceholder}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        <Button type="submit" disabled={email.trim() === '' || sent} loading={send.isPending}>
          {sent ? 'Sent!' : 'Send Report'}
        </Button>
      </form>
      <FormMessage message={error} />
      {history.data && history.data.sends.length > 0 && (
        <>
          <h3 className={styles.historyTitle}>Sent reports</h3>
          <ul className={styles.history} aria-label="Sent reports">
            {history.data.sends.map((s) => (
              <li key={s.sentAt}>
                <span className={styles.historyEmail}>{s.email}</span>{' '}
                <span className="muted">
                  {PERIOD_LABELS[s.period as ReportPeriod] ?? `${s.period} days`}, {new Date(s.sentAt).toLocaleString()}
                </span>
              </li>
            ))}
          </ul>
          <p className={styles.historyNote}>
            {history.data.sentToday} of {history.data.dailyLimit} reports sent today.
          </p>
        </>
      )}
    </section>
  );
}
