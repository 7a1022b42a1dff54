// The Worker's one door into web/ (a test keeps it the only one): server rendering and the display
// helpers the pages' <head>s share come through web/app/render-islands.tsx.
export * from "../../web/app/render-islands";
