// Reading the pictures back as XML, as a standalone SVG file is read: any well-formedness error
// fails the test (xmldom reports it instead of recovering).
import { DOMParser, type Element } from "@xmldom/xmldom";

export function parseSvg(markup: string): Element {
  const problems: string[] = [];
  const parsed = new DOMParser({
    onError: (level, message) => {
      if (level !== "warning") problems.push(message);
    },
  }).parseFromString(markup, "image/svg+xml");
  if (problems.length > 0) throw new Error(`not well-formed XML: ${problems.join("; ")}`);
  const root = parsed.documentElement;
  if (root?.tagName !== "svg") throw new Error("no <svg> root");
  return root;
}

/** The elements under `root` with the given tag and class. */
export function all(root: Element, tag: string, className?: string): Element[] {
  return Array.from(root.getElementsByTagName(tag)).filter(
    (el) =>
      className === undefined || (el.getAttribute("class") ?? "").split(" ").includes(className),
  );
}

/** The concatenated text of every `<text>` element. */
export const texts = (root: Element) => all(root, "text").map((el) => el.textContent ?? "");
