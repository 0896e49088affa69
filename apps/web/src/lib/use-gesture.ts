/**
 * Touch behaviour from the spec's constants (games-and-content §9, accounts §9), one hook for
 * every place that uses them: a press shows as pressed after 130 ms (`data-pressed` on the
 * element, so no re-render), a press held 370 ms is a long press, a finger that moves more than
 * 10 px is no longer pressing, and a horizontal move of 60 px or more is a swipe. What a long press
 * or a swipe did is not also a tap: the click that follows it is swallowed.
 *
 * The element's handlers come back as props to spread. For a swipe the element should have
 * `touch-action: pan-y` so the browser leaves horizontal moves to it (vertical page scrolling
 * stays the browser's); `onDrag` follows the finger while it moves.
 */
import { MOTION } from '@khela/contract/constants';
import {
  useEffect,
  useLayoutEffect,
  useState,
  type PointerEvent as ReactPointerEvent,
  type SyntheticEvent,
} from 'react';

export type SwipeDirection = 'left' | 'right';

export interface GestureOptions {
  /** Held MOTION.longPressMs without moving: the click that follows is swallowed. */
  onLongPress?: () => void;
  /** Released after a horizontal move of MOTION.swipeThresholdPx or more (left: finger went left). */
  onSwipe?: (direction: SwipeDirection) => void;
  /** A horizontal drag under way: the distance from the start, in px (negative: to the left). */
  onDrag?: (dx: number) => void;
  /** A drag ended without being a swipe (the caller puts things back). */
  onDragEnd?: () => void;
}

interface Press {
  id: number;
  x: number;
  y: number;
  element: HTMLElement;
  moved: boolean;
  dragging: boolean;
  pressIn?: ReturnType<typeof setTimeout>;
  longPress?: ReturnType<typeof setTimeout>;
}

export interface GestureHandlers {
  onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerMove: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerUp: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => void;
  onClickCapture: (event: SyntheticEvent) => void;
  onContextMenu: (event: SyntheticEvent) => void;
}

export function useGesture(options: GestureOptions): GestureHandlers {
  const [gesture] = useState(makeGesture);
  // The handlers run after a commit, so the options of the last render are the ones they see.
  // A layout effect, not a passive one: a press that lands between a commit and the passive
  // effects' turn (a loaded phone, a list that just rendered) would otherwise find no long press.
  useLayoutEffect(() => {
    gesture.use(options);
  });
  useEffect(() => gesture.end, [gesture]);
  return gesture.handlers;
}

function makeGesture() {
  let latest: GestureOptions = {};
  const options = () => latest;
  let press: Press | undefined;
  /** The next click ends a long press or a swipe: not a tap. */
  let swallowClick = false;

  const end = () => {
    const current = press;
    if (!current) return;
    clearTimeout(current.pressIn);
    clearTimeout(current.longPress);
    delete current.element.dataset.pressed;
    press = undefined;
  };

  const handlers: GestureHandlers = {
    onPointerDown: (event) => {
      if (event.button !== 0 || !event.isPrimary) return;
      end();
      swallowClick = false;
      const element = event.currentTarget;
      const current: Press = {
        id: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        element,
        moved: false,
        dragging: false,
      };
      current.pressIn = setTimeout(() => {
        element.dataset.pressed = '';
      }, MOTION.pressInDelayMs);
      if (options().onLongPress) {
        current.longPress = setTimeout(() => {
          swallowClick = true;
          delete element.dataset.pressed;
          options().onLongPress?.();
          end();
        }, MOTION.longPressMs);
      }
      press = current;
    },
    onPointerMove: (event) => {
      const current = press;
      if (!current || current.id !== event.pointerId) return;
      const dx = event.clientX - current.x;
      const dy = event.clientY - current.y;
      if (!current.moved && Math.hypot(dx, dy) > MOTION.moveThresholdPx) {
        current.moved = true;
        clearTimeout(current.pressIn);
        clearTimeout(current.longPress);
        delete current.element.dataset.pressed;
        if (options().onDrag && Math.abs(dx) > Math.abs(dy)) {
          current.dragging = true;
          // From here the drag is this element's, even when the finger leaves it.
          current.element.setPointerCapture?.(event.pointerId);
        }
      }
      if (current.dragging) options().onDrag?.(dx);
    },
    onPointerUp: (event) => {
      const current = press;
      if (!current || current.id !== event.pointerId) return;
      const dx = event.clientX - current.x;
      const dy = event.clientY - current.y;
      const { onSwipe, onDragEnd } = options();
      end();
      if (onSwipe && Math.abs(dx) >= MOTION.swipeThresholdPx && Math.abs(dx) > Math.abs(dy)) {
        swallowClick = true;
        onSwipe(dx < 0 ? 'left' : 'right');
      } else if (current.dragging) {
        swallowClick = true;
        onDragEnd?.();
      }
    },
    onPointerCancel: (event) => {
      const current = press;
      if (!current || current.id !== event.pointerId) return;
      end();
      if (current.dragging) options().onDragEnd?.();
    },
    onClickCapture: (event) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    },
    onContextMenu: (event) => {
      // A long press on a phone opens the browser's menu for a link or picture: not here.
      if (options().onLongPress) event.preventDefault();
    },
  };
  const use = (next: GestureOptions) => {
    latest = next;
  };
  return { handlers, end, use };
}
