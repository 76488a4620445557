// The lines of a HAR as `oatf record` writes it, for the live evaluation (issue 33 §7): the
// evaluation reads the file's own text, line by line as `oatf evaluate` reads the file, so
// `record --out x.har --evaluate` and `oatf evaluate x.har` give the same verdict by
// construction (a RunAgentInput, an agent card: whatever the HAR reader reads).

/** Cuts written text into lines for `line`; `end` hands over the last one. */
export function harLines(line: (text: string) => void) {
  let rest = "";
  return {
    write(text: string): void {
      const lines = (rest + text).split("\n");
      rest = lines.pop()!;
      for (const l of lines) line(l);
    },
    end(): void {
      if (rest !== "") line(rest);
      rest = "";
    },
  };
}
