/** Stands in for a dependency a pre-bundled package never uses here (infra/constructs/bundle-extras.ts). */
export {};
