import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

const NS_PER_MS = 1e6;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Samples the event loop's delay; each reading covers the time since the previous one. */
export class EventLoopLag {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });

  constructor() {
    this.histogram.enable();
  }

  read(): { mean: number; p99: number; max: number } {
    const h = this.histogram;
    // With no sample yet the histogram reports NaN and huge sentinels: that is no lag measured.
    const ms = (ns: number) => (Number.isFinite(ns) && h.count > 0 ? round1(ns / NS_PER_MS) : 0);
    const reading = { mean: ms(h.mean), p99: ms(h.percentile(99)), max: ms(h.max) };
    h.reset();
    return reading;
  }

  stop(): void {
    this.histogram.disable();
  }
}
