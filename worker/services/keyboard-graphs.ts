// Only the keyboard layouts of zxcvbn-ts's common language pack: its dictionaries are left out of the
// Worker (docs/decisions/035-worker-and-home-bytes.md), and this named import lets the build drop them.
export { adjacencyGraphs } from "@zxcvbn-ts/language-common";
