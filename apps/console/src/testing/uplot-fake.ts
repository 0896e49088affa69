/**
 * uPlot draws on a canvas and reads the screen's pixel ratio when it loads; jsdom has neither.
 * Tests get this stand-in for the `uplot` module (set up in setup.ts): it records what each chart
 * hands the library, so a test can check the bars, colours and axes an operator would see.
 */
import type uPlot from 'uplot';
import { vi } from 'vitest';

export const bars = vi.fn((options: uPlot.Series.BarsPathBuilderOpts) => options);

export class FakePlot {
  static paths = { bars };
  readonly setSize = vi.fn();
  readonly destroy = vi.fn();
  readonly width: number;

  constructor(
    readonly options: uPlot.Options,
    readonly data: uPlot.AlignedData,
    readonly target: HTMLElement,
  ) {
    this.width = options.width;
    plots.push(this);
  }
}

/** Every plot created in the current test, oldest first. */
export const plots: FakePlot[] = [];

export default FakePlot;
