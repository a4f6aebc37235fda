import { describe, expect, it } from 'vitest';
import { criticalCss } from '../../build/critical-css';

// The shell's own rules go inline in index.html (decision 013): what its markup may use, in the
// stylesheet's order, and nothing for markup it does not have.
const HTML =
  '<div id="root"><header><nav class="navbar app-navbar"><a class="navbar-brand" href="/">G</a></nav></header></div>';
const CSS = [
  ':root,[data-bs-theme=light]{--bs-blue:#0d6efd}',
  '*,:after,:before{box-sizing:border-box}',
  'body{margin:0}',
  'table{border-collapse:collapse}',
  '.navbar{display:flex}',
  '.navbar-brand:hover,.modal .navbar-brand{color:red}',
  '.modal{position:fixed}',
  '#root>header{z-index:1}',
  '.btn-check:checked+.btn{color:blue}',
  '@media (min-width:992px){.navbar-expand-lg{flex-wrap:nowrap}.app-navbar{padding:0}}',
  '@media print{.modal{display:none}}',
  '@keyframes spinner-border{to{transform:rotate(360deg)}}',
  '.bg{background:url("data:image/svg+xml,%3csvg a=\'{\'%3e")}',
].join('');

describe('criticalCss', () => {
  it("keeps the rules the markup may use, in order, and drops the others'", () => {
    expect(criticalCss(CSS, HTML)).toBe(
      [
        ':root,[data-bs-theme=light]{--bs-blue:#0d6efd}',
        '*,:after,:before{box-sizing:border-box}',
        'body{margin:0}',
        '.navbar{display:flex}',
        '.navbar-brand:hover{color:red}',
        '#root>header{z-index:1}',
        '@media (min-width:992px){.app-navbar{padding:0}}',
        '@keyframes spinner-border{to{transform:rotate(360deg)}}',
      ].join(''),
    );
  });
});
