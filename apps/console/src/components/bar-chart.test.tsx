/**
 * uPlot draws on a canvas, which jsdom lacks: the library is replaced at its module boundary
 * (testing/uplot-fake.ts, set up for every console test) and this test checks what the chart hands
 * it (the bars, their colours, the axis labels) and what an operator's screen reader reads.
 */
import { render, screen } from '@testing-library/react';
import type uPlot from 'uplot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bars, plots } from '../testing/uplot-fake';
import { BarChart } from './bar-chart';

let resize: ResizeObserverCallback | undefined;
const disconnect = vi.fn();

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: ResizeObserverCallback) {
        resize = callback;
      }
      observe() {}
      disconnect = disconnect;
    },
  );
});
afterEach(() => {
  resize = undefined;
});

const money = (minor: number) => `৳${(minor / 100).toFixed(2)}`;

describe('a bar chart', () => {
  it('hands uPlot one bar per figure and reads every figure to a screen reader', () => {
    render(
      <BarChart
        title="GGR by day"
        labels={['1 Nov', '2 Nov', '3 Nov']}
        values={[12000, -3000, 0]}
        format={money}
      />,
    );
    expect(
      screen.getByRole('img', {
        name: 'GGR by day. 1 Nov: ৳120.00, 2 Nov: ৳-30.00, 3 Nov: ৳0.00',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('GGR by day', { selector: 'figcaption' })).toBeVisible();

    expect(plots).toHaveLength(1);
    const [plot] = plots;
    expect(plot!.target).toBe(screen.getByRole('img'));
    expect(plot!.data).toEqual([
      [0, 1, 2],
      [12000, -3000, 0],
    ]);
    expect(plot!.options.series[1]?.label).toBe('GGR by day');
    // A loss is drawn in the warning colour.
    const fill = bars.mock.calls.at(-1)![0].disp!.fill!;
    const [gain, loss, flat] = fill.values(plot as unknown as uPlot, 1, 0, 2) as string[];
    expect(loss).not.toBe(gain);
    expect(flat).toBe(gain);
    // The axes read the days and the amounts as the operator reads them elsewhere.
    const [xAxis, yAxis] = plot!.options.axes!;
    const xValues = xAxis!.values as (u: uPlot, splits: number[]) => string[];
    const yValues = yAxis!.values as (u: uPlot, splits: number[]) => string[];
    expect(xValues(plot as unknown as uPlot, [0, 2])).toEqual(['1 Nov', '3 Nov']);
    expect(yValues(plot as unknown as uPlot, [0, 10000])).toEqual(['৳0.00', '৳100.00']);
  });

  it('follows its container width, redraws only for new figures, and is removed with the screen', () => {
    const { rerender, unmount } = render(
      <BarChart title="GGR by hour" labels={['09:00']} values={[500]} format={money} />,
    );
    resize?.([{ contentRect: { width: 480 } } as ResizeObserverEntry], {} as ResizeObserver);
    expect(plots[0]!.setSize).toHaveBeenCalledWith({ width: 480, height: 160 });

    rerender(<BarChart title="GGR by hour" labels={['09:00']} values={[500]} format={money} />);
    expect(plots).toHaveLength(1);

    rerender(<BarChart title="GGR by hour" labels={['09:00']} values={[700]} format={money} />);
    expect(plots).toHaveLength(2);
    expect(plots[0]!.destroy).toHaveBeenCalled();
    expect(plots[1]!.data).toEqual([[0], [700]]);
    expect(screen.getByRole('img', { name: 'GGR by hour. 09:00: ৳7.00' })).toBeInTheDocument();

    unmount();
    expect(plots[1]!.destroy).toHaveBeenCalled();
    expect(disconnect).toHaveBeenCalled();
  });
});
