// Building SVG markup as strings: elements with escaped attributes, and the outer `<svg>` with
// its title and style. Attribute values are always XML-escaped here; text content is markup the
// caller built (labels go through text.ts first).
import { STYLE } from "./style.js";
import { xml } from "./text.js";

/** Width of one character of the pictures' 12 px monospace font, rounded up. */
export const CHAR = 7.3;

export type Attributes = Record<string, string | number | undefined>;

/** Coordinates to one decimal: shorter markup, the same picture. */
const number = (n: number) => String(Math.round(n * 10) / 10);

function attributes(attrs: Attributes): string {
  let out = "";
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined) continue;
    out += ` ${name}="${typeof value === "number" ? number(value) : xml(value)}"`;
  }
  return out;
}

/** `<name attrs>content</name>`, or `<name attrs/>` without content. */
export function element(name: string, attrs: Attributes, content?: string): string {
  return content === undefined
    ? `<${name}${attributes(attrs)}/>`
    : `<${name}${attributes(attrs)}>${content}</${name}>`;
}

/** A `<text>` of one line; `markup` is an escaped label. */
export function text(
  x: number,
  y: number,
  className: string,
  markup: string,
  attrs: Attributes = {},
): string {
  return element("text", { x, y, class: className, ...attrs }, markup);
}

/** A filled triangle pointing at (x, y) from the left (`toward` 1) or the right (-1). */
export function arrowHead(x: number, y: number, toward: 1 | -1, className: string): string {
  const back = x - 8 * toward;
  return element("path", {
    d: `M${number(x)} ${number(y)}L${number(back)} ${number(y - 4)}L${number(back)} ${number(y + 4)}Z`,
    class: className,
  });
}

export interface Frame {
  width: number;
  height: number;
  /** `oatf-timeline` or `oatf-sequence`. */
  kind: string;
  /** Already escaped. */
  title: string;
}

/** The outer `<svg>`: its size, accessible title and the shared style, around `body`. */
export function svg(frame: Frame, body: string): string {
  const { width, height } = frame;
  return element(
    "svg",
    {
      xmlns: "http://www.w3.org/2000/svg",
      class: `oatf-diagram ${frame.kind}`,
      width,
      height,
      viewBox: `0 0 ${number(width)} ${number(height)}`,
    },
    `<title>${frame.title}</title><style>${STYLE}</style>${body}`,
  );
}
