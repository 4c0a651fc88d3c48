// The lesson site's one script, for people who use the keyboard (tests/test_site.py checks both
// parts, in Chromium, on a wide screen and a phone's):
//
// 1. Every box of a page that scrolls (a code block or an output wider than the page; on a
//    narrow screen, more of them) can be scrolled from the keyboard: each takes focus with Tab
//    (tabindex="0"; its focus ring is in tictac-site.css) while its content overflows it, and
//    gives its tab stop back when the page is wide enough to show it whole. (WCAG 2.1.1, axe's
//    rule scrollable-region-focusable.)
// 2. On a narrow screen, Furo's two drawers (the site's navigation, and "On this page") slide
//    in when their icons are clicked; the icons are labels, which the keyboard cannot reach.
//    Each becomes a button: Enter or Space opens its drawer and moves the focus into it,
//    Escape closes it and brings the focus back. (A closed drawer, out of sight, is also out of
//    the keyboard's way: tictac-site.css. Without this script the icons stay labels.)
"use strict";
(() => {
  const MARK = "data-tictac-scrolls"; // the tab stops this script gave, never anyone else's
  const scrolls = (element) => {
    const style = getComputedStyle(element);
    const can = (overflow) => overflow === "auto" || overflow === "scroll";
    return (
      (can(style.overflowX) && element.scrollWidth > element.clientWidth) ||
      (can(style.overflowY) && element.scrollHeight > element.clientHeight)
    );
  };
  const focusable =
    "a[href], button, input, select, textarea, [tabindex]:not([data-tictac-scrolls])";
  const update = () => {
    for (const element of document.querySelectorAll("article pre, article div")) {
      const given = element.hasAttribute(MARK);
      if (element.hasAttribute("tabindex") && !given) continue; // focusable already
      if (scrolls(element) && !element.querySelector(focusable)) {
        element.setAttribute("tabindex", "0");
        element.setAttribute(MARK, "");
      } else if (given) {
        element.removeAttribute("tabindex");
        element.removeAttribute(MARK);
      }
    }
  };
  let pending = 0;
  const later = () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(update);
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", update);
  } else {
    update();
  }
  window.addEventListener("load", update); // (pictures have their sizes by then)
  window.addEventListener("resize", later);
})();

(() => {
  const DRAWERS = [
    { toggle: "__navigation", icons: ".nav-overlay-icon", name: "Site navigation" },
    { toggle: "__toc", icons: ".toc-overlay-icon", name: "On this page" },
  ];
  const focusable = "a[href], input:not([type=hidden]), button";
  const start = () => {
    for (const drawer of DRAWERS) {
      const toggle = document.getElementById(drawer.toggle);
      if (!toggle) continue;
      const panel = document.querySelector(`aside[aria-label="${drawer.name}"]`);
      const buttons = [];
      for (const label of document.querySelectorAll(`label${drawer.icons}[for="${drawer.toggle}"]`)) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = `${label.className} tictac-drawer-button`;
        button.setAttribute("aria-label", drawer.name);
        button.append(...label.childNodes);
        button.addEventListener("click", () => {
          toggle.checked = !toggle.checked;
          toggle.dispatchEvent(new Event("change"));
          if (!toggle.checked || !panel) return;
          // (the first link it shows: Furo hides the page's own title in "On this page")
          const shown = [...panel.querySelectorAll(focusable)].find((e) => e.getClientRects().length);
          shown?.focus();
        });
        label.replaceWith(button);
        buttons.push(button);
      }
      const show = () => buttons.forEach((b) => b.setAttribute("aria-expanded", toggle.checked));
      toggle.addEventListener("change", show);
      show();
      drawer.close = () => {
        if (!toggle.checked) return;
        toggle.checked = false;
        show();
        buttons.find((b) => b.offsetParent !== null)?.focus();
      };
    }
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape") DRAWERS.forEach((drawer) => drawer.close?.());
    });
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
