// Only the keyboard layouts of zxcvbn-ts's common language pack: its dictionaries are left out of the
// Worker (docs/decisions/035-password-check-dictionary.md), and this named import lets the build drop them.
export { adjacencyGraphs } from "@zxcvbn-ts/language-common";
