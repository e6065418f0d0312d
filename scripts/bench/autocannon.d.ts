// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p99: number; total?: number; min: number; max: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  export type Options = { url: string; connections?: number; duration?: number; pipelining?: number; headers?: Record<string, string>; workers?: number };
  export default function autocannon(opts: Options): Promise<Result>;
}
