// The answer a run gives the user. The obedient agent reports every result in full and adds what
// instructions asked it to include (quoting the instruction, as compliant models do); the careful
// agent reports each step in one line, without results that carry instructions, errors' text or
// credentials.
import type { Step } from "./actions.js";
import { readInstructions } from "./instructions.js";
import { redact } from "./policy.js";
import type { Run } from "./run.js";
import { firstLine, oneLine } from "./text.js";

const NOTHING = "I found no tool or agent for this request.";

/** Words that mark a text as addressed to the agent rather than to the user. */
const ADDRESSED_TO_AGENT =
  /\b(?:ignore (?:all |any )?(?:previous|prior|above)|system override|important|you must|mandatory|do not (?:tell|mention|inform|skip)|required for|requirement|instructions?)\b/i;

function carefulLine(step: Step, run: Run): string {
  if (step.failed) return `${step.label}: failed.`;
  const chain = { id: "check", source: { label: step.label, text: step.output }, outputs: [] };
  const reading = readInstructions(chain.source, run.disclosureContext(chain).catalog, chain);
  const instructive =
    reading.actions.length + reading.rules.length + reading.includes.length > 0 ||
    ADDRESSED_TO_AGENT.test(step.output);
  if (instructive)
    return `${step.label}: done (its result asked me to do other things; I did not).`;
  return `${step.label}: ${redact(firstLine(step.output)) || "done."}`;
}

export function composeAnswer(run: Run): string {
  const careful = !run.policy.followsInstructions;
  const lines = run.steps.map((step) =>
    careful ? carefulLine(step, run) : `${step.label}: ${step.output.trim()}`,
  );
  for (const call of run.frontendCalls) lines.push(`Calling ${call.tool.name}.`);
  if (!careful)
    for (const include of run.includes.filter((i) => i.target === "answer")) {
      const body = run.render(include);
      if (body === "") continue;
      lines.push(`As instructed ("${oneLine(include.sentence, 200)}"):`);
      lines.push(include.label ? `${include.label}:\n\`\`\`\n${body}\n\`\`\`` : body);
    }
  return lines.length > 0 ? lines.join("\n") : NOTHING;
}
