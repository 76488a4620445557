// Diagnostic messages mark names and values with backticks (`attack.severity`); on the page
// they are shown as code, never as raw backticks. Text only: no markup from a message is
// interpreted (a message quotes the untrusted document).

/** `message` as text and <code> nodes, one <code> per backtick-quoted span. */
export function messageNodes(message: string): Node[] {
  const nodes: Node[] = [];
  // Split on backtick pairs; an unpaired backtick stays as text.
  const parts = message.split(/`([^`\n]+)`/);
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 0) {
      if (part !== "") nodes.push(document.createTextNode(part));
    } else {
      const code = document.createElement("code");
      code.textContent = part;
      nodes.push(code);
    }
  }
  return nodes;
}
