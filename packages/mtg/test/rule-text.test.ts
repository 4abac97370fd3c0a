/**
 * The sentences of the rules this ruleset cites: every citation in the sources ("MTG …") and in
 * the traces and decisions of the scenario files names rules whose sentence is bundled in
 * `RuleText`, so that `bulwark resolve --explain` and the playground can show the rule's text
 * next to its number; and only cited rules are bundled.
 */
import { fileURLToPath } from "node:url"
import { Words } from "@bulwark/core"
import { checkDirectory } from "@bulwark/scenario/node"
import { CitationSuite } from "@bulwark/testing"
import { RuleText, ruleset } from "../src/index.js"

const traced = checkDirectory(fileURLToPath(new URL("../scenarios", import.meta.url)), [ruleset]).flatMap(
  (r) =>
    r._tag === "Checked"
      ? [...Words.citations(r.result.run.trace), ...r.result.run.outcome.decisions.map((d) => d.rule)]
      : []
)

CitationSuite.citationSuite({
  src: fileURLToPath(new URL("../src", import.meta.url)),
  prefix: "MTG",
  sentences: RuleText.sentences,
  notCitations: [ruleset.name, ruleset.description, ruleset.rulesVersion],
  traced
})
