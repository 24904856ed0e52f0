// Small DOM helpers shared by every screen.

export const $ = (id) => document.getElementById(id);

/** A new element with a class and a text. */
export function el(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== "") node.textContent = text;
  return node;
}

export function span(className, text) {
  return el("span", className, text);
}

/** Tag a node for the tests (data-testid) and return it. */
export function testid(node, id) {
  node.dataset.testid = id;
  return node;
}

export function button(id, text, className = "") {
  const node = el("button", className, text);
  node.type = "button";
  if (id) {
    node.id = id;
    testid(node, id);
  }
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * An icon of /static/icons.svg, drawn with currentColor. Without a label it is
 * decoration (hidden from screen readers); with one it is an image with that name.
 */
export function icon(name, label = "", className = "") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", `icon ${className}`.trim());
  svg.setAttribute("focusable", "false");
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `/static/icons.svg#i-${name}`);
  svg.append(use);
  return svg;
}

/** Replace a select's options and keep its choice when it still exists. */
export function fillSelect(select, options, fallback) {
  const value = select.value;
  select.replaceChildren(
    ...options.map(([code, label]) => {
      const option = el("option", "", label);
      option.value = String(code);
      return option;
    }),
  );
  select.value = options.some(([code]) => String(code) === value) ? value : String(fallback);
}

/** Set a select unless the player is on it right now (a view must not undo their choice mid-way). */
export function setSelect(select, value) {
  if (document.activeElement !== select) select.value = String(value);
}
