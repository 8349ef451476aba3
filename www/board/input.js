// Pointer (mouse, touch, pen) and keyboard input on the board.
// Click/tap a piece, then a destination; or drag and drop. The decisions
// (what is selectable, what a click on a square means) belong to the board
// controller passed in; this module only turns DOM events into calls.

import { squareAt, stepOnScreen } from "./geometry.js";

const DRAG_THRESHOLD_PX = 5;

/**
 * @param {SVGSVGElement} svg
 * @param {object} ctl the board controller:
 *   orientation(), selected(), canPick(sq), isTarget(sq), select(sq), deselect(),
 *   square(sq, meta) (square mode: true when it took the click),
 *   choose(sq, {dragged}), dragBegin(sq), dragTo(point, sq), dragEnd(), activate(sq)
 * @returns {() => void} detaches the listeners
 */
export function bindInput(svg, ctl) {
  let press = null; // {id, square, x, y, wasSelected, dragging}

  function toUser(ev) {
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  function squareOf(ev) {
    const p = toUser(ev);
    return p ? squareAt(p.x, p.y, ctl.orientation()) : null;
  }

  function onDown(ev) {
    if (ev.button !== undefined && ev.button !== 0) return;
    if (press) return; // a second finger
    const sq = squareOf(ev);
    if (!sq) return;
    if (ctl.square(sq, { keyboard: false })) {
      ev.preventDefault();
      return;
    }
    if (ctl.selected() && sq !== ctl.selected() && ctl.isTarget(sq)) {
      ev.preventDefault();
      ctl.choose(sq, { dragged: false });
      return;
    }
    if (ctl.canPick(sq)) {
      ev.preventDefault();
      const wasSelected = ctl.selected() === sq;
      if (!wasSelected) ctl.select(sq);
      press = { id: ev.pointerId, square: sq, x: ev.clientX, y: ev.clientY, wasSelected, dragging: false };
      try {
        svg.setPointerCapture(ev.pointerId);
      } catch {
        /* synthetic events have no capturable pointer */
      }
      return;
    }
    if (ctl.selected() && sq === ctl.selected() && ctl.isTarget(sq)) {
      ctl.choose(sq, { dragged: false }); // a capture that ends where it began
      return;
    }
    ctl.deselect();
  }

  function onMove(ev) {
    if (!press || ev.pointerId !== press.id) return;
    if (!press.dragging) {
      const dist = Math.hypot(ev.clientX - press.x, ev.clientY - press.y);
      if (dist < DRAG_THRESHOLD_PX) return;
      press.dragging = true;
      ctl.dragBegin(press.square);
    }
    ev.preventDefault();
    const p = toUser(ev);
    if (p) ctl.dragTo(p, squareAt(p.x, p.y, ctl.orientation()));
  }

  function onUp(ev) {
    if (!press || ev.pointerId !== press.id) return;
    const p = press;
    press = null;
    if (p.dragging) {
      const sq = squareOf(ev);
      ctl.dragEnd();
      if (sq && sq !== p.square && ctl.isTarget(sq)) ctl.choose(sq, { dragged: true });
      return;
    }
    if (p.wasSelected) ctl.deselect(); // a second click on the selected piece
  }

  function onCancel(ev) {
    if (!press || ev.pointerId !== press.id) return;
    if (press.dragging) ctl.dragEnd();
    press = null;
  }

  function onKey(ev) {
    const sq = ev.target.getAttribute && ev.target.getAttribute("data-square");
    if (!sq) return;
    const dirs = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (dirs[ev.key]) {
      ev.preventDefault();
      const next = stepOnScreen(sq, dirs[ev.key][0], dirs[ev.key][1], ctl.orientation());
      if (next) ctl.focus(next);
    } else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      ctl.activate(sq);
    } else if (ev.key === "Escape") {
      ctl.deselect();
    }
  }

  const listeners = [
    ["pointerdown", onDown],
    ["pointermove", onMove],
    ["pointerup", onUp],
    ["pointercancel", onCancel],
    ["lostpointercapture", onCancel],
    ["keydown", onKey],
  ];
  for (const [type, fn] of listeners) svg.addEventListener(type, fn);
  return () => {
    for (const [type, fn] of listeners) svg.removeEventListener(type, fn);
  };
}
