import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGesture, type GestureOptions } from './use-gesture';

function Target(props: GestureOptions & { onClick?: () => void }) {
  const { onClick, ...options } = props;
  const handlers = useGesture(options);
  return (
    <button type="button" {...handlers} onClick={onClick}>
      target
    </button>
  );
}

const down = (element: Element, x = 100, y = 100) =>
  fireEvent.pointerDown(element, {
    pointerId: 1,
    isPrimary: true,
    button: 0,
    clientX: x,
    clientY: y,
  });
const move = (element: Element, x: number, y = 100) =>
  fireEvent.pointerMove(element, { pointerId: 1, isPrimary: true, clientX: x, clientY: y });
const up = (element: Element, x = 100, y = 100) =>
  fireEvent.pointerUp(element, {
    pointerId: 1,
    isPrimary: true,
    button: 0,
    clientX: x,
    clientY: y,
  });

describe('useGesture (spec: long press 370 ms, press-in 130 ms, move 10 px, swipe 60 px)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the press after 130 ms, not before', () => {
    render(<Target />);
    const button = screen.getByRole('button');
    down(button);
    vi.advanceTimersByTime(129);
    expect(button).not.toHaveAttribute('data-pressed');
    vi.advanceTimersByTime(1);
    expect(button).toHaveAttribute('data-pressed');
    up(button);
    expect(button).not.toHaveAttribute('data-pressed');
  });

  it('a press held 370 ms is a long press and the click after it is not a tap', () => {
    const onLongPress = vi.fn();
    const onClick = vi.fn();
    render(<Target onLongPress={onLongPress} onClick={onClick} />);
    const button = screen.getByRole('button');
    down(button);
    vi.advanceTimersByTime(369);
    expect(onLongPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLongPress).toHaveBeenCalledTimes(1);
    up(button);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    // The next ordinary tap is a tap again.
    down(button);
    up(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a short press is a tap, not a long press', () => {
    const onLongPress = vi.fn();
    const onClick = vi.fn();
    render(<Target onLongPress={onLongPress} onClick={onClick} />);
    const button = screen.getByRole('button');
    down(button);
    vi.advanceTimersByTime(200);
    up(button);
    fireEvent.click(button);
    vi.advanceTimersByTime(1000);
    expect(onLongPress).not.toHaveBeenCalled();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a finger moving more than 10 px cancels the long press; 10 px does not', () => {
    const onLongPress = vi.fn();
    render(<Target onLongPress={onLongPress} />);
    const button = screen.getByRole('button');
    down(button);
    move(button, 110);
    vi.advanceTimersByTime(400);
    expect(onLongPress).toHaveBeenCalledTimes(1);
    up(button, 110);

    down(button);
    move(button, 111);
    vi.advanceTimersByTime(400);
    expect(onLongPress).toHaveBeenCalledTimes(1);
    expect(button).not.toHaveAttribute('data-pressed');
  });

  it('a horizontal move of 60 px is a swipe, 59 px is not; the drag follows the finger', () => {
    const onSwipe = vi.fn();
    const onDrag = vi.fn();
    const onDragEnd = vi.fn();
    const onClick = vi.fn();
    render(<Target onSwipe={onSwipe} onDrag={onDrag} onDragEnd={onDragEnd} onClick={onClick} />);
    const button = screen.getByRole('button');

    down(button, 200);
    move(button, 170);
    move(button, 141);
    expect(onDrag).toHaveBeenLastCalledWith(-59);
    up(button, 141);
    expect(onSwipe).not.toHaveBeenCalled();
    expect(onDragEnd).toHaveBeenCalledTimes(1);

    down(button, 200);
    move(button, 230);
    up(button, 260);
    expect(onSwipe).toHaveBeenCalledWith('right');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();

    down(button, 200);
    move(button, 150);
    up(button, 140);
    expect(onSwipe).toHaveBeenLastCalledWith('left');
  });

  it('a mostly vertical move is the page scrolling, not a swipe', () => {
    const onSwipe = vi.fn();
    const onDrag = vi.fn();
    render(<Target onSwipe={onSwipe} onDrag={onDrag} />);
    const button = screen.getByRole('button');
    down(button, 100, 100);
    move(button, 130, 200);
    up(button, 170, 300);
    expect(onDrag).not.toHaveBeenCalled();
    expect(onSwipe).not.toHaveBeenCalled();
  });
});
