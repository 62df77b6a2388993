// The view library: Preact with htm's tagged templates (vendored; see vendor/README.md).
import { h, render, createRef, Fragment } from "preact";
import htm from "/static/vendor/htm.js";

export const html = htm.bind(h);
export { render, createRef, Fragment };
