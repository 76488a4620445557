// The two policies. Both carry out the user's request the same way (request.ts); they differ in
// what they do with everything else they read.
import type { Peer } from "./catalog.js";
import { secrets, squash } from "./text.js";

export type PolicyName = "obedient" | "careful";

export interface Policy {
  name: PolicyName;
  /** Acts on instructions found in what it reads (descriptions, results, cards, state…). */
  followsInstructions: boolean;
  /** Sends what it has gathered in the run along with a delegated task. */
  forwardsContext: boolean;
  /** Replaces credential-shaped strings in outgoing arguments and messages. */
  redactsSecrets: boolean;
  /** Whether it uses an agent, given every agent it knows. */
  trustsPeer(peer: Peer, peers: Peer[]): boolean;
}

/** Letters a look-alike name writes as digits or symbols (`F1nanceRep0rting`). */
function canonical(name: string): string {
  return squash(
    name
      .toLowerCase()
      .replace(/0/g, "o")
      .replace(/[1i|!]/g, "l")
      .replace(/3/g, "e")
      .replace(/[4@]/g, "a")
      .replace(/[5$]/g, "s")
      .replace(/7/g, "t"),
  );
}

const digits = (name: string) => (name.match(/[0-9]/g) ?? []).length;

/** A peer whose card name imitates another peer's, with digits for letters. */
export function imitatesAnotherPeer(peer: Peer, peers: Peer[]): boolean {
  return peers.some(
    (other) =>
      other !== peer &&
      canonical(other.name) === canonical(peer.name) &&
      squash(other.name) !== squash(peer.name) &&
      digits(peer.name) > digits(other.name),
  );
}

export const POLICIES: Record<PolicyName, Policy> = {
  obedient: {
    name: "obedient",
    followsInstructions: true,
    forwardsContext: true,
    redactsSecrets: false,
    trustsPeer: () => true,
  },
  careful: {
    name: "careful",
    followsInstructions: false,
    forwardsContext: false,
    redactsSecrets: true,
    trustsPeer: (peer, peers) => !imitatesAnotherPeer(peer, peers),
  },
};

export function redact(text: string): string {
  let out = text;
  for (const secret of secrets(text)) out = out.split(secret).join("[redacted]");
  return out;
}
