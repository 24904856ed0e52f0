// The rating history as a small line chart: plain SVG, no library.
// `chartGeometry` is pure (tests/web); `ratingChart` draws it.

const SVG = "http://www.w3.org/2000/svg";

/**
 * Points of the chart: the starting rating, then the rating after each rated
 * tournament. Returns the polyline's points, the dots, and the value range.
 */
export function chartGeometry(values, { width = 320, height = 120, pad = 12 } = {}) {
  if (!values.length) return { points: "", dots: [], min: 0, max: 0 };
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = Math.max(max - min, 20); // a flat history still shows as a line in the middle
  const middle = (max + min) / 2;
  const x = (i) => (values.length === 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (values.length - 1));
  const y = (v) => height / 2 - ((v - middle) * (height - 2 * pad)) / span;
  const dots = values.map((value, i) => ({ x: round(x(i)), y: round(y(value)), value }));
  return { points: dots.map((d) => `${d.x},${d.y}`).join(" "), dots, min, max };
}

function round(n) {
  return Math.round(n * 10) / 10;
}

function node(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  return el;
}

/** An <svg> of the history; `label` describes it for screen readers. */
export function ratingChart(values, label) {
  const width = 320;
  const height = 120;
  const { points, dots, min, max } = chartGeometry(values, { width, height });
  const svg = node("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, class: "chart" });
  const title = node("title", {});
  title.textContent = label;
  svg.append(title);
  svg.append(node("line", { x1: 0, y1: height - 1, x2: width, y2: height - 1, class: "chart-axis" }));
  svg.append(node("polyline", { points, class: "chart-line", fill: "none" }));
  for (const dot of dots) {
    const circle = node("circle", { cx: dot.x, cy: dot.y, r: 3.5, class: "chart-dot" });
    const tip = node("title", {});
    tip.textContent = String(dot.value);
    circle.append(tip);
    svg.append(circle);
  }
  for (const [value, anchor] of [[max, "start"], [min, "start"]]) {
    const dot = dots.find((d) => d.value === value);
    const text = node("text", { x: 2, y: Math.max(10, Math.min(height - 4, (dot?.y ?? 0) - 6)), class: "chart-label", "text-anchor": anchor });
    text.textContent = String(value);
    svg.append(text);
  }
  return svg;
}
