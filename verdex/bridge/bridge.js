/* verdex-bridge 0.1.0 */
"use strict";
(() => {
  // src/pseudo.ts
  var kPseudoMention = /:(before|after)\b/i;
  var kPseudoElement = /^::?(before|after)(?![-\w])/i;
  function computePseudoCandidates(scope) {
    const sheets = [];
    if (scope.styleSheets) for (let i = 0; i < scope.styleSheets.length; i++) sheets.push(scope.styleSheets[i]);
    if (scope.adoptedStyleSheets) sheets.push(...scope.adoptedStyleSheets);
    const subjects = /* @__PURE__ */ new Set();
    for (const sheet of sheets) {
      let rules;
      try {
        rules = sheet.cssRules;
      } catch {
        return "all";
      }
      if (!collectSubjects(rules, subjects)) return "all";
    }
    if (!subjects.size) return "none";
    if (subjects.has("*")) return "all";
    try {
      return new Set(Array.from(scope.querySelectorAll(Array.from(subjects).join(","))));
    } catch {
      return "all";
    }
  }
  function collectSubjects(rules, subjects) {
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i];
      const selector = rule.selectorText;
      if (selector && kPseudoMention.test(selector)) {
        if (selector.includes("&") || /:host\b|::slotted|::part/i.test(selector)) return false;
        for (const complex of splitTopLevel(selector)) {
          const subject = subjectOf(complex);
          if (subject === null) continue;
          subjects.add(subject);
        }
      }
      const nested = rule.cssRules;
      if (nested && nested.length) {
        if (selector && hasNestedStyleRule(nested)) return false;
        if (!collectSubjects(nested, subjects)) return false;
      }
      const imported = rule.styleSheet;
      if (imported) {
        try {
          if (!collectSubjects(imported.cssRules, subjects)) return false;
        } catch {
          return false;
        }
      }
    }
    return true;
  }
  function hasNestedStyleRule(rules) {
    for (let i = 0; i < rules.length; i++) if (rules[i].selectorText) return true;
    return false;
  }
  function splitTopLevel(selector) {
    const parts = [];
    let depth2 = 0;
    let quote = "";
    let start = 0;
    for (let i = 0; i < selector.length; i++) {
      const ch = selector[i];
      if (quote) {
        if (ch === "\\") i++;
        else if (ch === quote) quote = "";
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === "(" || ch === "[") depth2++;
      else if (ch === ")" || ch === "]") depth2--;
      else if (ch === "," && depth2 === 0) {
        parts.push(selector.slice(start, i));
        start = i + 1;
      }
    }
    parts.push(selector.slice(start));
    return parts.map((p) => p.trim()).filter(Boolean);
  }
  function subjectOf(complex) {
    let depth2 = 0;
    let quote = "";
    for (let i = 0; i < complex.length; i++) {
      const ch = complex[i];
      if (quote) {
        if (ch === "\\") i++;
        else if (ch === quote) quote = "";
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === "(" || ch === "[") depth2++;
      else if (ch === ")" || ch === "]") depth2--;
      else if (ch === ":" && depth2 === 0 && kPseudoElement.test(complex.slice(i))) {
        const subject = complex.slice(0, i).trim();
        if (!subject || /[>+~]$/.test(subject)) return subject ? subject + " *" : "*";
        return /\s$/.test(complex.slice(0, i)) ? subject + " *" : subject;
      }
    }
    return null;
  }

  // src/dom.ts
  var getComputedStyleFn = globalThis.getComputedStyle.bind(globalThis);
  var upperNames = /* @__PURE__ */ new Map();
  function tagOf(element) {
    const local = element.localName;
    let upper = upperNames.get(local);
    if (upper === void 0) {
      upper = local.toUpperCase();
      if (upperNames.size < 512) upperNames.set(local, upper);
    }
    return upper;
  }
  function tagNameOf(element) {
    return element.localName.toLowerCase();
  }
  function parentElementOrHost(element) {
    const parent = element.parentElement;
    if (parent) return parent;
    const node = element.parentNode;
    if (node && node.nodeType === 11 && node.host)
      return node.host;
    return null;
  }
  function flatParent(node) {
    const slot = node.assignedSlot;
    if (slot) return slot;
    const parent = node.parentNode;
    if (!parent) return null;
    if (parent.nodeType === 1) return parent;
    if (parent.nodeType === 11 && parent.host) return parent.host;
    return null;
  }
  function flatChildNodes(element) {
    if (element.localName === "slot") {
      const assigned = element.assignedNodes();
      if (assigned.length) return assigned;
      return element.childNodes;
    }
    const shadow = element.shadowRoot;
    if (shadow) return shadow.childNodes;
    return element.childNodes;
  }
  function containsComposed(ancestor, node) {
    let current = node;
    while (current) {
      if (current === ancestor) return true;
      const parent = current.parentNode;
      if (parent && parent.nodeType === 11) current = parent.host ?? null;
      else current = parent;
    }
    return false;
  }
  function getIdRefs(element, value) {
    if (!value) return [];
    const root = element.getRootNode();
    if (typeof root.getElementById !== "function") return [];
    const result = [];
    for (const id of value.split(/[ \t\n\f\r]+/)) {
      if (!id) continue;
      const found = root.getElementById(id);
      if (found && !result.includes(found)) result.push(found);
    }
    return result;
  }
  function deepActiveElement(doc) {
    let active = doc.activeElement;
    while (active && active.shadowRoot && active.shadowRoot.activeElement)
      active = active.shadowRoot.activeElement;
    return active;
  }
  var caches;
  var depth = 0;
  function beginWalk() {
    if (depth++ === 0)
      caches = { style: /* @__PURE__ */ new Map(), before: /* @__PURE__ */ new Map(), after: /* @__PURE__ */ new Map(), scopes: /* @__PURE__ */ new Map() };
    onBegin.forEach((fn) => fn());
  }
  function endWalk() {
    if (--depth === 0) {
      caches = void 0;
      onEnd.forEach((fn) => fn());
    }
  }
  var onBegin = [];
  var onEnd = [];
  function registerWalkCache(start, stop) {
    onBegin.push(start);
    onEnd.push(stop);
  }
  function inWalk() {
    return depth > 0;
  }
  function getStyle(element) {
    const cache = caches?.style;
    let style = cache?.get(element);
    if (!style) {
      style = getComputedStyleFn(element);
      cache?.set(element, style);
    }
    return style;
  }
  function getPseudoStyle(element, pseudo, known = false) {
    if (!known && !mayHavePseudoContent(element)) return void 0;
    const cache = pseudo === "::before" ? caches?.before : caches?.after;
    let style = cache?.get(element);
    if (!style) {
      style = getComputedStyleFn(element, pseudo);
      cache?.set(element, style);
    }
    return style;
  }
  function mayHavePseudoContent(element) {
    if (isPseudoCandidate(element, getPseudoCandidates(element.getRootNode()))) return true;
    const shadow = element.shadowRoot;
    return !!shadow && getPseudoCandidates(shadow) !== "none";
  }
  function isPseudoCandidate(element, candidates) {
    if (candidates === "all") return true;
    if (candidates !== "none" && candidates.has(element)) return true;
    return false;
  }
  function getPseudoCandidates(scope) {
    const cache = caches?.scopes;
    const cached = cache?.get(scope);
    if (cached !== void 0) return cached;
    const result = scope.nodeType === 9 || scope.nodeType === 11 ? computePseudoCandidates(scope) : "none";
    cache?.set(scope, result);
    return result;
  }

  // src/aria/roles.ts
  var kValidRoles = /* @__PURE__ */ new Set([
    "alert",
    "alertdialog",
    "application",
    "article",
    "banner",
    "blockquote",
    "button",
    "caption",
    "cell",
    "checkbox",
    "code",
    "columnheader",
    "combobox",
    "comment",
    "complementary",
    "contentinfo",
    "definition",
    "deletion",
    "dialog",
    "directory",
    "document",
    "emphasis",
    "feed",
    "figure",
    "form",
    "generic",
    "grid",
    "gridcell",
    "group",
    "heading",
    "img",
    "image",
    "insertion",
    "link",
    "list",
    "listbox",
    "listitem",
    "log",
    "main",
    "mark",
    "marquee",
    "math",
    "meter",
    "menu",
    "menubar",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "navigation",
    "none",
    "note",
    "option",
    "paragraph",
    "presentation",
    "progressbar",
    "radio",
    "radiogroup",
    "region",
    "row",
    "rowgroup",
    "rowheader",
    "scrollbar",
    "search",
    "searchbox",
    "separator",
    "slider",
    "spinbutton",
    "status",
    "strong",
    "subscript",
    "suggestion",
    "superscript",
    "switch",
    "tab",
    "table",
    "tablist",
    "tabpanel",
    "term",
    "textbox",
    "time",
    "timer",
    "toolbar",
    "tooltip",
    "tree",
    "treegrid",
    "treeitem"
  ]);
  var kRoleSynonyms = { directory: "list", image: "img" };
  var kGlobalAriaAttributes = [
    "aria-atomic",
    "aria-busy",
    "aria-controls",
    "aria-current",
    "aria-describedby",
    "aria-description",
    "aria-details",
    "aria-dropeffect",
    "aria-flowto",
    "aria-grabbed",
    "aria-hidden",
    "aria-keyshortcuts",
    "aria-label",
    "aria-labelledby",
    "aria-live",
    "aria-owns",
    "aria-relevant",
    "aria-roledescription"
  ];
  var kRolesNeedingName = /* @__PURE__ */ new Set(["region", "form"]);
  var roleCache;
  registerWalkCache(
    () => {
      roleCache ??= /* @__PURE__ */ new Map();
    },
    () => {
      roleCache = void 0;
    }
  );
  function getRole(element) {
    const cached = roleCache?.get(element);
    if (cached !== void 0) return cached;
    const role = computeRole(element);
    roleCache?.set(element, role);
    return role;
  }
  function computeRole(element) {
    const explicit = getExplicitRole(element);
    if (!explicit) return getImplicitRole(element);
    if (explicit === "none" || explicit === "presentation") {
      const implicit = getImplicitRole(element);
      if (hasPresentationConflict(element)) return implicit;
      return explicit;
    }
    return explicit;
  }
  function getExplicitRole(element) {
    const value = element.getAttribute("role");
    if (!value) return null;
    for (const token of value.split(/[ \t\n\f\r]+/)) {
      const role = token.toLowerCase();
      if (!kValidRoles.has(role)) continue;
      if (kRolesNeedingName.has(role) && !hasExplicitName(element)) continue;
      return kRoleSynonyms[role] ?? role;
    }
    return null;
  }
  function hasPresentationConflict(element) {
    return hasGlobalAriaAttribute(element) || isFocusable(element);
  }
  function hasGlobalAriaAttribute(element) {
    for (const name of kGlobalAriaAttributes) if (element.hasAttribute(name)) return true;
    return false;
  }
  function isFocusable(element) {
    if (isNativelyDisabled(element)) return false;
    if (element.hasAttribute("tabindex")) return true;
    switch (tagOf(element)) {
      case "BUTTON":
      case "SELECT":
      case "TEXTAREA":
      case "DETAILS":
      case "IFRAME":
        return true;
      case "A":
      case "AREA":
        return element.hasAttribute("href");
      case "INPUT":
        return element.type !== "hidden";
      case "SUMMARY":
        return true;
      default:
        return isEditingHost(element);
    }
  }
  function isEditingHost(element) {
    const value = element.getAttribute("contenteditable");
    return value !== null && value.toLowerCase() !== "false";
  }
  var kFormControls = /* @__PURE__ */ new Set(["BUTTON", "INPUT", "SELECT", "TEXTAREA", "OPTION", "OPTGROUP", "FIELDSET"]);
  function isNativelyDisabled(element) {
    return kFormControls.has(tagOf(element)) && element.matches(":disabled");
  }
  function hasExplicitName(element) {
    if ((element.getAttribute("aria-label") ?? "").trim()) return true;
    if (getIdRefs(element, element.getAttribute("aria-labelledby")).length) return true;
    return !!(element.getAttribute("title") ?? "").trim();
  }
  var kSectioningForLandmarks = /* @__PURE__ */ new Set(["ARTICLE", "ASIDE", "MAIN", "NAV", "SECTION"]);
  var kSectioningForAside = /* @__PURE__ */ new Set(["ARTICLE", "ASIDE", "NAV", "SECTION"]);
  var kSectioningRoles = /* @__PURE__ */ new Set(["article", "complementary", "main", "navigation", "region"]);
  var kSectioningRolesForAside = /* @__PURE__ */ new Set(["article", "complementary", "navigation", "region"]);
  function isScopedToSectioning(element, tags) {
    const roles = tags === kSectioningForAside ? kSectioningRolesForAside : kSectioningRoles;
    for (let e = parentElementOrHost(element); e; e = parentElementOrHost(e)) {
      const explicit = getExplicitRole(e);
      if (explicit ? roles.has(explicit) : tags.has(tagOf(e))) return true;
    }
    return false;
  }
  var kInputTypeRoles = {
    button: "button",
    image: "button",
    reset: "button",
    submit: "button",
    file: "button",
    checkbox: "checkbox",
    radio: "radio",
    range: "slider",
    number: "spinbutton",
    email: "textbox",
    tel: "textbox",
    text: "textbox",
    url: "textbox",
    password: "textbox",
    search: "searchbox"
  };
  function inputRole(input) {
    const type = input.type.toLowerCase();
    if (type === "hidden") return null;
    if (type === "text" || type === "search" || type === "email" || type === "tel" || type === "url") {
      const list = getIdRefs(input, input.getAttribute("list"))[0];
      if (list && list.localName === "datalist") return "combobox";
    }
    return kInputTypeRoles[type] ?? "textbox";
  }
  function thRole(th) {
    const scope = (th.getAttribute("scope") ?? "").toLowerCase();
    if (scope === "col" || scope === "colgroup") return "columnheader";
    if (scope === "row" || scope === "rowgroup") return "rowheader";
    const next = th.nextElementSibling;
    const prev = th.previousElementSibling;
    if (!next && !prev) {
      const table = th.closest("table");
      if (th.parentElement?.localName === "tr" && table && table.rows.length <= 1) return null;
      return "columnheader";
    }
    if (next?.localName === "th" && prev?.localName === "th") return "columnheader";
    if (isNonEmptyDataCell(next) || isNonEmptyDataCell(prev)) return "rowheader";
    return "columnheader";
  }
  function isNonEmptyDataCell(element) {
    return !!element && element.localName === "td" && (!!element.firstElementChild || !!element.textContent?.trim());
  }
  function cellRole(td) {
    const table = td.closest("table");
    const tableRole = table ? getExplicitRole(table) : null;
    return tableRole === "grid" || tableRole === "treegrid" ? "gridcell" : "cell";
  }
  function imgRole(img) {
    if (img.getAttribute("alt") !== "") return "img";
    if ((img.getAttribute("aria-label") ?? "").trim()) return "img";
    if (getIdRefs(img, img.getAttribute("aria-labelledby")).length) return "img";
    if (isFocusable(img)) return "img";
    return "presentation";
  }
  var kImplicitRoles = {
    A: (e) => e.hasAttribute("href") ? "link" : null,
    AREA: (e) => e.hasAttribute("href") ? "link" : null,
    ADDRESS: () => "group",
    ARTICLE: () => "article",
    ASIDE: (e) => isScopedToSectioning(e, kSectioningForAside) && !hasExplicitName(e) ? null : "complementary",
    BLOCKQUOTE: () => "blockquote",
    BUTTON: () => "button",
    CAPTION: () => "caption",
    CODE: () => "code",
    DATALIST: () => "listbox",
    DD: () => "definition",
    DEL: () => "deletion",
    DETAILS: () => "group",
    DFN: () => "term",
    DIALOG: () => "dialog",
    DT: () => "term",
    EM: () => "emphasis",
    FIELDSET: () => "group",
    FIGURE: () => "figure",
    FOOTER: (e) => isScopedToSectioning(e, kSectioningForLandmarks) ? null : "contentinfo",
    FORM: (e) => hasExplicitName(e) ? "form" : null,
    H1: () => "heading",
    H2: () => "heading",
    H3: () => "heading",
    H4: () => "heading",
    H5: () => "heading",
    H6: () => "heading",
    HEADER: (e) => isScopedToSectioning(e, kSectioningForLandmarks) ? null : "banner",
    HGROUP: () => "group",
    HR: () => "separator",
    HTML: () => "document",
    IMG: imgRole,
    INPUT: (e) => inputRole(e),
    INS: () => "insertion",
    LI: () => "listitem",
    MAIN: () => "main",
    MARK: () => "mark",
    MATH: () => "math",
    MENU: () => "list",
    METER: () => "meter",
    NAV: () => "navigation",
    OL: () => "list",
    OPTGROUP: () => "group",
    OPTION: () => "option",
    OUTPUT: () => "status",
    P: () => "paragraph",
    PROGRESS: () => "progressbar",
    S: () => "deletion",
    SEARCH: () => "search",
    SECTION: (e) => hasExplicitName(e) ? "region" : null,
    SELECT: (e) => e.multiple || e.size > 1 ? "listbox" : "combobox",
    STRONG: () => "strong",
    SUB: () => "subscript",
    SUMMARY: () => null,
    SUP: () => "superscript",
    SVG: () => "img",
    TABLE: () => "table",
    TBODY: () => "rowgroup",
    TD: cellRole,
    TEXTAREA: () => "textbox",
    TFOOT: () => "rowgroup",
    TH: thRole,
    THEAD: () => "rowgroup",
    TIME: () => "time",
    TR: () => "row",
    UL: () => "list"
  };
  var kPresentationInheritance = {
    DD: ["DL", "DIV"],
    DIV: ["DL"],
    DT: ["DL", "DIV"],
    LI: ["OL", "UL", "MENU"],
    TBODY: ["TABLE"],
    THEAD: ["TABLE"],
    TFOOT: ["TABLE"],
    TR: ["THEAD", "TBODY", "TFOOT", "TABLE"],
    TD: ["TR"],
    TH: ["TR"],
    OPTION: ["SELECT", "DATALIST", "OPTGROUP"]
  };
  function getImplicitRole(element) {
    const tag = tagOf(element);
    const implicit = kImplicitRoles[tag]?.(element) ?? null;
    if (!implicit) return null;
    let child = element;
    for (; ; ) {
      const owners = kPresentationInheritance[tagOf(child)];
      const parent = child.parentElement;
      if (!owners || !parent || !owners.includes(tagOf(parent))) break;
      const parentRole = getExplicitRole(parent);
      if ((parentRole === "none" || parentRole === "presentation") && !hasPresentationConflict(parent))
        return parentRole;
      child = parent;
    }
    return implicit;
  }
  var kInteractiveRoles = /* @__PURE__ */ new Set([
    "button",
    "checkbox",
    "combobox",
    "link",
    "listbox",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "option",
    "radio",
    "searchbox",
    "slider",
    "spinbutton",
    "switch",
    "tab",
    "textbox",
    "treeitem"
  ]);

  // src/aria/states.ts
  var kCheckedRoles = /* @__PURE__ */ new Set(["checkbox", "menuitemcheckbox", "option", "radio", "switch", "menuitemradio", "treeitem"]);
  var kDisabledRoles = /* @__PURE__ */ new Set([
    "application",
    "button",
    "composite",
    "gridcell",
    "group",
    "input",
    "link",
    "menuitem",
    "scrollbar",
    "separator",
    "tab",
    "checkbox",
    "columnheader",
    "combobox",
    "grid",
    "listbox",
    "menu",
    "menubar",
    "menuitemcheckbox",
    "menuitemradio",
    "option",
    "radio",
    "radiogroup",
    "row",
    "rowheader",
    "searchbox",
    "select",
    "slider",
    "spinbutton",
    "switch",
    "tablist",
    "textbox",
    "toolbar",
    "tree",
    "treegrid",
    "treeitem"
  ]);
  var kExpandedRoles = /* @__PURE__ */ new Set([
    "application",
    "button",
    "checkbox",
    "combobox",
    "gridcell",
    "link",
    "listbox",
    "menuitem",
    "row",
    "rowheader",
    "tab",
    "treeitem",
    "columnheader",
    "menuitemcheckbox",
    "menuitemradio",
    "switch"
  ]);
  var kLevelRoles = /* @__PURE__ */ new Set(["heading", "listitem", "row", "treeitem"]);
  var kSelectedRoles = /* @__PURE__ */ new Set(["gridcell", "option", "row", "tab", "rowheader", "columnheader", "treeitem"]);
  var ariaDisabledCache;
  registerWalkCache(
    () => {
      ariaDisabledCache ??= /* @__PURE__ */ new Map();
    },
    () => {
      ariaDisabledCache = void 0;
    }
  );
  function getChecked(element) {
    if (tagOf(element) === "INPUT") {
      const input = element;
      if (input.type === "checkbox" || input.type === "radio") {
        if (input.type === "checkbox" && input.indeterminate) return "mixed";
        return input.checked;
      }
    }
    if (!kCheckedRoles.has(getRole(element) ?? "")) return false;
    const value = (element.getAttribute("aria-checked") ?? "").toLowerCase();
    if (value === "true") return true;
    if (value === "mixed") return "mixed";
    return false;
  }
  function getDisabled(element) {
    if (isNativelyDisabled(element)) return true;
    if (!kDisabledRoles.has(getRole(element) ?? "")) return false;
    return hasAriaDisabledInChain(element);
  }
  function hasAriaDisabledInChain(element) {
    const chain = [];
    let result = false;
    for (let e = element; e; e = parentElementOrHost(e)) {
      const cached = ariaDisabledCache?.get(e);
      if (cached !== void 0) {
        result = cached;
        break;
      }
      chain.push(e);
      const value = (e.getAttribute("aria-disabled") ?? "").toLowerCase();
      if (value === "true" || value === "false") {
        result = value === "true";
        break;
      }
    }
    for (const e of chain) ariaDisabledCache?.set(e, result);
    return result;
  }
  function getExpanded(element) {
    if (tagOf(element) === "DETAILS") return element.open;
    if (!kExpandedRoles.has(getRole(element) ?? "")) return void 0;
    const value = element.getAttribute("aria-expanded");
    if (value === null) return void 0;
    return value.toLowerCase() === "true";
  }
  function getLevel(element) {
    const role = getRole(element) ?? "";
    if (!kLevelRoles.has(role)) return 0;
    const attr = element.getAttribute("aria-level");
    const value = attr === null ? NaN : Number(attr);
    if (Number.isInteger(value) && value >= 1) return value;
    const native = /^H([1-6])$/.exec(tagOf(element));
    if (native) return Number(native[1]);
    return role === "heading" ? 2 : 0;
  }
  function getPressed(element) {
    if (getRole(element) !== "button") return false;
    const value = (element.getAttribute("aria-pressed") ?? "").toLowerCase();
    if (value === "true") return true;
    if (value === "mixed") return "mixed";
    return false;
  }
  function getSelected(element) {
    if (tagOf(element) === "OPTION") return element.selected;
    if (!kSelectedRoles.has(getRole(element) ?? "")) return false;
    return (element.getAttribute("aria-selected") ?? "").toLowerCase() === "true";
  }

  // src/errors.ts
  var BridgeError = class extends Error {
    code;
    details;
    constructor(code, message, details = {}) {
      super(message);
      this.code = code;
      this.details = details;
    }
  };

  // src/aria/counters.ts
  var valuesCache;
  registerWalkCache(() => void 0, () => {
    valuesCache = void 0;
  });
  function getCounterValues(element, pseudo, name) {
    const values = valuesCache ?? computeAll(element.ownerDocument);
    if (inWalk()) valuesCache = values;
    return values.get(element)?.get(pseudo)?.get(name) ?? [];
  }
  function parsePairs(value, defaultValue) {
    if (!value || value === "none") return [];
    const result = [];
    const parts = value.trim().split(/\s+/);
    for (let i = 0; i < parts.length; i++) {
      const name = parts[i];
      const next = parts[i + 1];
      if (next !== void 0 && /^[-+]?\d+$/.test(next)) {
        result.push([name, Number(next)]);
        i++;
      } else {
        result.push([name, defaultValue]);
      }
    }
    return result;
  }
  function computeAll(doc) {
    const result = /* @__PURE__ */ new Map();
    const scope = [];
    const apply = (style, created) => {
      for (const [name, value] of parsePairs(style.counterReset, 0)) {
        const instance = { name, value };
        scope.push(instance);
        created.push(instance);
      }
      for (const [name, value] of parsePairs(style.counterIncrement, 1)) {
        const instance = find(name) ?? create(name, created);
        instance.value += value;
      }
      for (const [name, value] of parsePairs(style.counterSet, 0)) {
        const instance = find(name) ?? create(name, created);
        instance.value = value;
      }
    };
    const find = (name) => {
      for (let i = scope.length - 1; i >= 0; i--) if (scope[i].name === name) return scope[i];
      return void 0;
    };
    const create = (name, created) => {
      const instance = { name, value: 0 };
      scope.push(instance);
      created.push(instance);
      return instance;
    };
    const snapshotValues = () => {
      const values = /* @__PURE__ */ new Map();
      for (const instance of scope) {
        const list = values.get(instance.name) ?? [];
        list.push(instance.value);
        values.set(instance.name, list);
      }
      return values;
    };
    const pseudo = (element, kind, created) => {
      const style = getPseudoStyle(element, kind);
      if (!style || style.content === "none" || style.content === "normal") return;
      apply(style, created);
      let forElement = result.get(element);
      if (!forElement) result.set(element, forElement = /* @__PURE__ */ new Map());
      forElement.set(kind, snapshotValues());
    };
    const stack = [];
    const enter = (element, siblingsCreated) => {
      const style = getStyle(element);
      if (style.display === "none") return;
      apply(style, siblingsCreated);
      const inner = [];
      pseudo(element, "::before", inner);
      stack.push({ element, children: flatChildNodes(element), index: 0, inner });
    };
    const root = doc.documentElement;
    if (root) enter(root, []);
    while (stack.length) {
      const frame = stack[stack.length - 1];
      if (frame.index < frame.children.length) {
        const child = frame.children[frame.index++];
        if (child.nodeType === 1) enter(child, frame.inner);
        continue;
      }
      stack.pop();
      pseudo(frame.element, "::after", frame.inner);
      for (const instance of frame.inner) scope.splice(scope.lastIndexOf(instance), 1);
    }
    return result;
  }

  // src/aria/text.ts
  function normalizeWhitespace(text) {
    return text.replace(/[\t\n\f\r ]+/g, " ").replace(/^ | $/g, "");
  }
  function asFlatString(text) {
    return normalizeWhitespace(text.replace(/[\u200b\u00ad]/g, ""));
  }
  function truncate(text, max) {
    if (text.length <= max) return text;
    return text.slice(0, max - 1) + "…";
  }
  function getCssContent(element, pseudo) {
    const style = pseudo ? getPseudoStyle(element, pseudo) : getStyle(element);
    return contentOf(element, style, pseudo);
  }
  function getPseudoContentKnown(element, pseudo) {
    return contentOf(element, getPseudoStyle(element, pseudo, true), pseudo);
  }
  function contentOf(element, style, pseudo) {
    if (!style) return void 0;
    const value = style.content;
    if (!value || value === "none" || value === "normal") return void 0;
    if (style.display === "none" || style.visibility === "hidden") return void 0;
    const text = parseContent(element, value, pseudo);
    if (text === void 0 || !pseudo) return text;
    return style.display !== "inline" ? ` ${text} ` : text;
  }
  function parseContent(element, content, pseudo) {
    const isPseudo = !!pseudo;
    const tokens = tokenizeContent(content);
    if (!tokens) return void 0;
    const slash = tokens.findIndex((t) => t.kind === "slash");
    let parts = tokens;
    if (slash >= 0) parts = tokens.slice(slash + 1);
    else if (!isPseudo) return void 0;
    let result = "";
    for (const token of parts) {
      if (token.kind === "string") result += token.value;
      else if (token.kind === "attr") result += element.getAttribute(token.value) ?? "";
      else if ((token.kind === "counter" || token.kind === "counters") && pseudo) {
        const values = getCounterValues(element, pseudo, token.value);
        if (!values.length) return void 0;
        result += (token.kind === "counter" ? String(values[values.length - 1]) : values.join(token.extra ?? ".")) + " ";
      } else return void 0;
    }
    return result;
  }
  function tokenizeContent(content) {
    const tokens = [];
    let i = 0;
    while (i < content.length) {
      const ch = content[i];
      if (/\s/.test(ch)) {
        i++;
        continue;
      }
      if (ch === '"' || ch === "'") {
        let value = "";
        i++;
        while (i < content.length && content[i] !== ch) {
          if (content[i] === "\\" && i + 1 < content.length) {
            const hex = /^[0-9a-fA-F]{1,6} ?/.exec(content.slice(i + 1));
            if (hex) {
              value += String.fromCodePoint(parseInt(hex[0].trim(), 16));
              i += 1 + hex[0].length;
            } else {
              value += content[i + 1];
              i += 2;
            }
            continue;
          }
          value += content[i];
          i++;
        }
        i++;
        tokens.push({ kind: "string", value });
        continue;
      }
      if (ch === "/") {
        tokens.push({ kind: "slash", value: "/" });
        i++;
        continue;
      }
      const word = /^[-\w]+/.exec(content.slice(i));
      if (!word) return void 0;
      i += word[0].length;
      if (content[i] === "(") {
        const close = content.indexOf(")", i);
        if (close < 0) return void 0;
        const arg = content.slice(i + 1, close).trim();
        i = close + 1;
        const fn = word[0].toLowerCase();
        const counter = /^([-\w]+)\s*(?:,\s*(?:"([^"]*)"|'([^']*)'))?\s*(?:,\s*decimal)?$/.exec(arg);
        if (fn === "attr" && /^[-\w]+$/.test(arg)) tokens.push({ kind: "attr", value: arg });
        else if (fn === "counter" && counter && counter[2] === void 0 && counter[3] === void 0)
          tokens.push({ kind: "counter", value: counter[1] });
        else if (fn === "counters" && counter && (counter[2] ?? counter[3]) !== void 0)
          tokens.push({ kind: "counters", value: counter[1], extra: counter[2] ?? counter[3] });
        else tokens.push({ kind: "other", value: word[0] });
        continue;
      }
      tokens.push({ kind: "ident", value: word[0] });
    }
    return tokens;
  }

  // src/structure/attributes.ts
  var kMaxAttributeLength = 80;
  var kMaxClassLength = 40;
  var kBefore = ["id", "class", "data-testid", "data-test", "data-test-id", "data-qa", "data-cy"];
  var kAfter = ["role", "aria-label", "name", "type", "href", "title", "placeholder", "for", "alt"];
  var names = [...kBefore, ...kAfter];
  function configureTestIdAttribute(attribute) {
    const name = attribute.trim().toLowerCase();
    names = !name || kBefore.includes(name) || kAfter.includes(name) ? [...kBefore, ...kAfter] : [...kBefore, name, ...kAfter];
  }
  function getAttributes(element) {
    const result = {};
    for (const name of names) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      result[name] = name === "class" ? classValue(value) : truncate(value, kMaxAttributeLength);
    }
    return result;
  }
  function classValue(value) {
    const names2 = value.split(/\s+/).filter(Boolean);
    const all = names2.join(" ");
    if (all.length <= kMaxClassLength) return all;
    let shown = "";
    for (const name of names2) {
      const next = shown ? `${shown} ${name}` : name;
      if (next.length + 1 > kMaxClassLength) break;
      shown = next;
    }
    return shown ? `${shown}…` : truncate(names2[0], kMaxClassLength);
  }

  // src/shadow.ts
  var closedHosts = /* @__PURE__ */ new WeakSet();
  var noClosedRoot = /* @__PURE__ */ new WeakMap();
  var pending = [];
  var kMaxCandidates = 500;
  function isClosedShadowHost(element) {
    return closedHosts.has(element);
  }
  function isDefined(element) {
    try {
      return element.matches(":defined");
    } catch {
      return true;
    }
  }
  function noteShadowCandidate(element) {
    if (element.shadowRoot || closedHosts.has(element)) return;
    const local = element.localName;
    if (!local.includes("-") && !hasUnrenderedChild(element)) return;
    const checked = noClosedRoot.get(element);
    if (checked !== void 0 && checked === isDefined(element)) return;
    if (pending.length < kMaxCandidates && !pending.includes(element)) pending.push(element);
  }
  function hasUnrenderedChild(element) {
    const first = element.firstElementChild;
    if (!first || !kBuiltInHosts.has(element.localName)) return false;
    const style = getStyle(first);
    const display = style.display;
    if (display === "none" || display === "contents" || style.position === "fixed") return false;
    return first instanceof HTMLElement && first.offsetParent === null;
  }
  var kBuiltInHosts = /* @__PURE__ */ new Set([
    "article",
    "aside",
    "blockquote",
    "body",
    "div",
    "footer",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "main",
    "nav",
    "p",
    "section",
    "span"
  ]);
  function beginCandidates() {
    pending = [];
  }
  function unknownHostCount() {
    return pending.length;
  }
  function shadowCandidates() {
    return pending.slice();
  }
  function classifyShadowHosts(elements, closed) {
    if (!Array.isArray(elements) || !Array.isArray(closed)) return 0;
    let count = 0;
    const done = /* @__PURE__ */ new Set();
    elements.forEach((element, i) => {
      if (!(element instanceof Element)) return;
      if (closed[i] === true) {
        closedHosts.add(element);
        noClosedRoot.delete(element);
        count++;
      } else if (closed[i] === false) {
        noClosedRoot.set(element, isDefined(element));
      } else {
        return;
      }
      done.add(element);
    });
    pending = pending.filter((e) => !done.has(e));
    return count;
  }
  function isRenderedLightChild(node) {
    if (node.nodeType === 1) {
      const element = node;
      if (getStyle(element).display === "contents") return true;
      return element.getClientRects().length > 0;
    }
    if (node.nodeType === 3) {
      const range = node.ownerDocument.createRange();
      range.selectNodeContents(node);
      return range.getClientRects().length > 0;
    }
    return false;
  }

  // src/aria/visibility.ts
  var HIDDEN_RENDER = 1;
  var HIDDEN_ARIA = 2;
  var kIgnoredTags = /* @__PURE__ */ new Set(["script", "style", "noscript", "template", "head", "title", "meta", "link", "base"]);
  var flagsCache;
  registerWalkCache(
    () => {
      flagsCache ??= /* @__PURE__ */ new Map();
    },
    () => {
      flagsCache = void 0;
    }
  );
  var modalCache;
  var inWalk2 = false;
  registerWalkCache(() => {
    inWalk2 = true;
  }, () => {
    inWalk2 = false;
    modalCache = void 0;
  });
  function getModalScope(doc) {
    if (modalCache && modalCache.doc === doc) return modalCache.scope;
    let scope = null;
    let modals = null;
    try {
      modals = doc.querySelectorAll("dialog:modal");
    } catch {
      modals = null;
    }
    const dialog = modals && modals.length ? modals[modals.length - 1] : null;
    if (dialog) {
      const ancestors = /* @__PURE__ */ new Set();
      for (let e = flatParent(dialog); e; e = flatParent(e)) ancestors.add(e);
      scope = { dialog, ancestors };
    }
    if (inWalk2) modalCache = { doc, scope };
    return scope;
  }
  function isIgnoredTag(element) {
    return kIgnoredTags.has(element.localName) && !(element.localName === "title" && element.parentElement?.namespaceURI === kSvgNs);
  }
  var kSvgNs = "http://www.w3.org/2000/svg";
  function getHiddenFlags(element) {
    const cached = flagsCache?.get(element);
    if (cached !== void 0) return cached;
    const chain = [element];
    let known = 0;
    for (let parent = flatParent(element); parent; parent = flatParent(parent)) {
      const flags2 = flagsCache?.get(parent);
      if (flags2 !== void 0) {
        known = flags2;
        break;
      }
      chain.push(parent);
    }
    let flags = known;
    for (let i = chain.length - 1; i >= 0; i--) {
      const current = chain[i];
      let parentFlags = i === chain.length - 1 && !flatParent(current) ? 0 : flags;
      const owner = parentFlags & HIDDEN_ARIA ? getOwner(current) : void 0;
      if (owner) parentFlags = parentFlags & HIDDEN_RENDER | getHiddenFlags(owner) & HIDDEN_ARIA;
      flags = computeHiddenFlags(current, flatParent(current), parentFlags);
      flagsCache?.set(current, flags);
    }
    return flags;
  }
  function forgetHiddenFlags(element) {
    flagsCache?.delete(element);
  }
  function setHiddenFlags(element, flags) {
    flagsCache?.set(element, flags);
  }
  function computeHiddenFlags(element, parent, parentFlags, parentChecked = false) {
    let flags = parentFlags;
    if (flags & HIDDEN_RENDER) return flags;
    if (kIgnoredTags.has(element.localName) && isIgnoredTag(element)) return flags | HIDDEN_RENDER;
    if (parent && !parentChecked) {
      if (parent.shadowRoot && element.parentElement === parent && !element.assignedSlot) return flags | HIDDEN_RENDER;
      if (isClosedShadowHost(parent) && element.parentElement === parent && !isRenderedLightChild(element))
        return flags | HIDDEN_RENDER;
      if (getStyle(parent).contentVisibility === "hidden") return flags | HIDDEN_RENDER;
      if (isClosedDetails(parent) && !isDetailsSummary(parent, element)) return flags | HIDDEN_RENDER;
    }
    const style = getStyle(element);
    if (style.display === "none") return flags | HIDDEN_RENDER;
    if (!(flags & HIDDEN_ARIA)) {
      const ariaHidden = element.getAttribute("aria-hidden");
      if (ariaHidden !== null && ariaHidden.toLowerCase() === "true" || element.hasAttribute("inert"))
        flags |= HIDDEN_ARIA;
      else if (parent && isBlockedByModal(element, parent))
        flags |= HIDDEN_ARIA;
    }
    return flags;
  }
  function isBlockedByModal(element, parent) {
    const modal = getModalScope(element.ownerDocument);
    return !!modal && modal.ancestors.has(parent) && element !== modal.dialog && !modal.ancestors.has(element);
  }
  function isClosedDetails(element) {
    return element.localName === "details" && !element.open;
  }
  function isDetailsSummary(details, child) {
    if (child.localName !== "summary") return false;
    for (let c = details.firstElementChild; c; c = c.nextElementSibling)
      if (c.localName === "summary") return c === child;
    return false;
  }
  function isStyleVisible(element) {
    const visibility = getStyle(element).visibility;
    if (visibility === "visible") return true;
    const tag = element.localName;
    return tag === "slot" || tag === "option" && !!element.closest("select");
  }
  function isHiddenForAria(element) {
    return getHiddenFlags(element) !== 0 || !isStyleVisible(element);
  }

  // src/aria/owns.ts
  var ownerCache;
  var building = false;
  registerWalkCache(() => void 0, () => {
    ownerCache = void 0;
  });
  function getOwner(element) {
    if (building) return void 0;
    return getOwnerMap(element.ownerDocument).get(element);
  }
  function getOwnerMap(doc) {
    if (ownerCache) return ownerCache;
    const map = /* @__PURE__ */ new Map();
    const owners = doc.querySelectorAll("[aria-owns]");
    if (owners.length) {
      building = true;
      try {
        for (let i = 0; i < owners.length; i++) {
          const owner = owners[i];
          if (isHiddenForAria(owner)) continue;
          for (const owned of getIdRefs(owner, owner.getAttribute("aria-owns"))) {
            if (map.has(owned) || owned.contains(owner)) continue;
            if (getHiddenFlags(owned) & HIDDEN_RENDER || !isStyleVisible(owned)) continue;
            map.set(owned, owner);
          }
        }
      } finally {
        building = false;
      }
      for (const owned of map.keys()) forgetHiddenFlags(owned);
    }
    if (isCaching()) ownerCache = map;
    return map;
  }
  var caching = false;
  registerWalkCache(() => {
    caching = true;
  }, () => {
    caching = false;
  });
  function isCaching() {
    return caching;
  }
  function getOwnedElements(element) {
    if (!element.hasAttribute("aria-owns")) return [];
    const map = getOwnerMap(element.ownerDocument);
    return getIdRefs(element, element.getAttribute("aria-owns")).filter((owned) => map.get(owned) === element);
  }

  // src/aria/name.ts
  var kNameProhibitedRoles = /* @__PURE__ */ new Set([
    "caption",
    "code",
    "definition",
    "deletion",
    "emphasis",
    "generic",
    "insertion",
    "mark",
    "paragraph",
    "presentation",
    "strong",
    "subscript",
    "suggestion",
    "superscript",
    "term",
    "time"
  ]);
  var kNameFromContentRoles = /* @__PURE__ */ new Set([
    "button",
    "cell",
    "checkbox",
    "columnheader",
    "gridcell",
    "heading",
    "link",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "option",
    "radio",
    "row",
    "rowheader",
    "switch",
    "tab",
    "tooltip",
    "treeitem"
  ]);
  var kNameFromContentWhenDescendant = /* @__PURE__ */ new Set([
    "",
    "caption",
    "code",
    "contentinfo",
    "definition",
    "deletion",
    "emphasis",
    "insertion",
    "list",
    "listitem",
    "mark",
    "none",
    "paragraph",
    "presentation",
    "region",
    "row",
    "rowgroup",
    "section",
    "strong",
    "subscript",
    "superscript",
    "table",
    "term",
    "time"
  ]);
  var nameCache;
  var untransformedCache;
  registerWalkCache(
    () => {
      nameCache ??= /* @__PURE__ */ new Map();
      untransformedCache ??= /* @__PURE__ */ new Map();
    },
    () => {
      nameCache = void 0;
      untransformedCache = void 0;
    }
  );
  var applyTextTransform = true;
  function getAccessibleName(element, options = {}) {
    const transform = options.textTransform ?? true;
    const cache = transform ? nameCache : untransformedCache;
    const cached = cache?.get(element);
    if (cached !== void 0) return cached;
    const saved = applyTextTransform;
    applyTextTransform = transform;
    try {
      const name = computeAccessibleName(element);
      cache?.set(element, name);
      return name;
    } finally {
      applyTextTransform = saved;
    }
  }
  function computeAccessibleName(element) {
    const role = getRole(element);
    if (role ? kNameProhibitedRoles.has(role) : isGenericTag(element)) return "";
    return asFlatString(textAlternative(element, { visited: /* @__PURE__ */ new Set(), target: "self" }));
  }
  function isGenericTag(element) {
    const tag = element.localName;
    return tag === "div" || tag === "span";
  }
  function getLabelledByElements(element) {
    const refs2 = getIdRefs(element, element.getAttribute("aria-labelledby"));
    return refs2.length ? refs2 : null;
  }
  var identity = (text) => text;
  function textAlternative(element, t) {
    const step = textAlternativeStep(element, t);
    return typeof step === "string" ? step : accumulate(step);
  }
  function textAlternativeStep(element, t) {
    if (t.visited.has(element)) return "";
    const childTraversal = { ...t, target: t.target === "self" ? "descendant" : t.target };
    const inHiddenReference = !!t.labelledBy?.hidden || !!t.label?.hidden || !!t.nativeAlternative?.hidden;
    if (isIgnoredTag(element)) {
      t.visited.add(element);
      return "";
    }
    if (!inHiddenReference && isHiddenForAria(element)) {
      t.visited.add(element);
      if (t.target !== "self" && getHiddenFlags(element) === 0)
        return { element, traversal: childTraversal, finish: identity };
      return "";
    }
    const isSlot = element.localName === "slot";
    const labelledBy = isSlot ? null : getLabelledByElements(element);
    if (!t.labelledBy && labelledBy) {
      const text = labelledBy.map((ref) => textAlternative(ref, {
        visited: t.visited,
        labelledBy: { hidden: isHiddenForAria(ref) }
      })).join(" ");
      if (text.trim()) return text;
    }
    const role = getRole(element) ?? "";
    const tag = tagOf(element);
    if (t.label || t.labelledBy || t.target === "descendant") {
      const ownLabelledBy = !!labelledBy && labelledBy.includes(element);
      if (!ownLabelledBy) {
        const embedded = embeddedControlText(element, role, tag, childTraversal, t);
        if (embedded !== void 0) return embedded;
      }
    }
    const ariaLabel = isSlot ? "" : element.getAttribute("aria-label") ?? "";
    if (ariaLabel.trim()) {
      t.visited.add(element);
      return ariaLabel;
    }
    if (role !== "presentation" && role !== "none") {
      const native = hostLanguageLabel(element, tag, !!labelledBy, t, childTraversal);
      if (native !== void 0) return native;
    }
    const summaryNamesFromContent = tag === "SUMMARY" && role !== "presentation" && role !== "none";
    if (allowsNameFromContent(role, t.target === "descendant") || summaryNamesFromContent || !!t.labelledBy || !!t.label || !!t.nativeAlternative) {
      t.visited.add(element);
      return {
        element,
        traversal: childTraversal,
        // DEVIATION: the spec returns the accumulated text when it is not empty; browsers and WPT
        // fall back to the tooltip when the root's content is only whitespace.
        finish: (text) => (t.target === "self" ? text.trim() : text) ? text : tooltip(element, role, tag, t)
      };
    }
    return tooltip(element, role, tag, t);
  }
  function tooltip(element, role, tag, t) {
    t.visited.add(element);
    if (role !== "presentation" && role !== "none" || tag === "IFRAME" || tag === "FRAME") {
      const title = element.getAttribute("title") ?? "";
      if (title.trim()) return title;
    }
    return "";
  }
  function allowsNameFromContent(role, descendant) {
    return kNameFromContentRoles.has(role) || descendant && kNameFromContentWhenDescendant.has(role);
  }
  function embeddedControlText(element, role, tag, childTraversal, t) {
    if (role === "textbox") {
      t.visited.add(element);
      if (tag === "INPUT" || tag === "TEXTAREA") return element.value;
      return element.textContent ?? "";
    }
    if (role === "combobox" || role === "listbox") {
      t.visited.add(element);
      let selected;
      if (tag === "SELECT") {
        const select = element;
        selected = Array.from(select.selectedOptions);
        if (!selected.length && select.options.length) selected.push(select.options[0]);
      } else {
        const listbox = role === "combobox" ? findInOwned(element, (e) => getRole(e) === "listbox")[0] : element;
        selected = listbox ? findInOwned(listbox, (e) => e.getAttribute("aria-selected") === "true" && getRole(e) === "option") : [];
      }
      if (!selected.length && tag === "INPUT") return element.value;
      if (!selected.length && role === "combobox" && tag !== "SELECT") return element.textContent ?? "";
      return selected.map((option) => textAlternative(option, childTraversal)).join(" ");
    }
    if (role === "progressbar" || role === "scrollbar" || role === "slider" || role === "spinbutton" || role === "meter") {
      t.visited.add(element);
      const valueText = element.getAttribute("aria-valuetext");
      if (valueText !== null) return valueText;
      const valueNow = element.getAttribute("aria-valuenow");
      if (valueNow !== null) return valueNow;
      if (tag === "INPUT") return element.value;
      return element.getAttribute("value") ?? "";
    }
    if (role === "menu") {
      t.visited.add(element);
      return "";
    }
    return void 0;
  }
  function findInOwned(element, predicate) {
    const result = [];
    const scan = (root, includeRoot) => {
      if (includeRoot && predicate(root)) result.push(root);
      const all = root.querySelectorAll("*");
      for (let i = 0; i < all.length; i++) if (predicate(all[i])) result.push(all[i]);
    };
    scan(element, false);
    for (const owned of getIdRefs(element, element.getAttribute("aria-owns"))) scan(owned, true);
    return result;
  }
  var kPlaceholderInputTypes = /* @__PURE__ */ new Set(["text", "password", "number", "search", "tel", "email", "url"]);
  function hostLanguageLabel(element, tag, hasLabelledBy, t, childTraversal) {
    if (tag === "INPUT") {
      const input = element;
      const type = input.type;
      if (type === "button" || type === "submit" || type === "reset") {
        t.visited.add(element);
        if (input.value.trim()) return input.value;
        if (type === "submit") return "Submit";
        if (type === "reset") return "Reset";
        return element.getAttribute("title") ?? "";
      }
      if (type === "file") {
        t.visited.add(element);
        const labels = labelsOf(element);
        if (labels.length && !t.labelledBy) return namesFromLabels(labels, t);
        return "Choose File";
      }
      if (type === "image") {
        t.visited.add(element);
        const labels = labelsOf(element);
        if (labels.length && !t.labelledBy) return namesFromLabels(labels, t);
        const alt = element.getAttribute("alt") ?? "";
        if (alt.trim()) return alt;
        const title = element.getAttribute("title") ?? "";
        if (title.trim()) return title;
        return "Submit";
      }
    }
    if (tag === "BUTTON" && !hasLabelledBy) {
      const labels = labelsOf(element);
      if (labels.length) {
        t.visited.add(element);
        return namesFromLabels(labels, t);
      }
      return void 0;
    }
    if (tag === "OUTPUT" && !hasLabelledBy) {
      t.visited.add(element);
      const labels = labelsOf(element);
      if (labels.length) return namesFromLabels(labels, t);
      return element.getAttribute("title") ?? "";
    }
    if ((tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") && !hasLabelledBy) {
      t.visited.add(element);
      const labels = labelsOf(element);
      if (labels.length) return namesFromLabels(labels, t);
      const usesPlaceholder = tag === "TEXTAREA" || tag === "INPUT" && kPlaceholderInputTypes.has(element.type);
      const title = element.getAttribute("title") ?? "";
      if (!usesPlaceholder || title) return title;
      return element.getAttribute("placeholder") ?? "";
    }
    if (tag === "FIELDSET" && !hasLabelledBy) return firstChildAlternative(element, "LEGEND", t, childTraversal);
    if (tag === "FIGURE" && !hasLabelledBy) return firstChildAlternative(element, "FIGCAPTION", t, childTraversal);
    if (tag === "IMG" || tag === "AREA") {
      t.visited.add(element);
      const alt = element.getAttribute("alt") ?? "";
      if (alt.trim()) return alt;
      return element.getAttribute("title") ?? "";
    }
    if (tag === "TABLE") {
      t.visited.add(element);
      for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
        if (tagOf(child) === "CAPTION")
          return textAlternative(child, { ...childTraversal, nativeAlternative: { hidden: isHiddenForAria(child) } });
      }
      const summary = element.getAttribute("summary") ?? "";
      if (summary) return summary;
      return void 0;
    }
    if (element instanceof SVGElement) {
      for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
        if (tagOf(child) === "TITLE") {
          t.visited.add(element);
          return textAlternative(child, { ...childTraversal, labelledBy: { hidden: isHiddenForAria(child) } });
        }
      }
      if (tag === "A") {
        const title = element.getAttribute("xlink:title") ?? "";
        if (title.trim()) {
          t.visited.add(element);
          return title;
        }
      }
    }
    return void 0;
  }
  function firstChildAlternative(element, childTag, t, childTraversal) {
    t.visited.add(element);
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
      if (tagOf(child) === childTag)
        return textAlternative(child, { ...childTraversal, nativeAlternative: { hidden: isHiddenForAria(child) } });
    }
    return element.getAttribute("title") ?? "";
  }
  function labelsOf(element) {
    if (!element.id && !element.closest("label")) return [];
    const labels = element.labels;
    return labels ? Array.from(labels) : [];
  }
  function namesFromLabels(labels, t) {
    return labels.map((label) => textAlternative(label, { visited: t.visited, label: { hidden: isHiddenForAria(label) } })).filter((text) => !!text).join(" ");
  }
  var kNoChildren = [];
  function accumulate(first) {
    const stack = [openContent(first, false)];
    for (; ; ) {
      const frame = stack[stack.length - 1];
      const child = nextContentChild(frame);
      if (child) {
        const padded = isBlockForName(child);
        const step = textAlternativeStep(child, frame.request.traversal);
        if (typeof step === "string") frame.text += padded ? " " + step + " " : step;
        else stack.push(openContent(step, padded));
        continue;
      }
      stack.pop();
      const element = frame.request.element;
      const value = frame.request.finish(frame.text + (getCssContent(element, "::after") ?? ""));
      if (!stack.length) return value;
      stack[stack.length - 1].text += frame.padded ? " " + value + " " : value;
    }
  }
  function openContent(request, padded) {
    const { element, traversal: t } = request;
    const frame = {
      request,
      text: getCssContent(element, "::before") ?? "",
      children: kNoChildren,
      index: 0,
      owned: null,
      ownedIndex: 0,
      ownTextVisible: false,
      padded,
      owners: getOwnerMap(element.ownerDocument)
    };
    const replaced = getCssContent(element);
    if (replaced !== void 0) {
      frame.text += replaced;
      frame.owned = [];
      return frame;
    }
    const inHiddenReference = !!t.labelledBy?.hidden || !!t.label?.hidden || !!t.nativeAlternative?.hidden;
    frame.ownTextVisible = inHiddenReference || isStyleVisible(element);
    frame.children = flatChildNodes(element);
    return frame;
  }
  function nextContentChild(frame) {
    const element = frame.request.element;
    while (frame.index < frame.children.length) {
      const child = frame.children[frame.index++];
      if (child.nodeType === 3) {
        if (frame.ownTextVisible)
          frame.text += applyTextTransform ? transformText(child.data, element) : child.data;
      } else if (child.nodeType === 1) {
        const owner = frame.owners.size ? frame.owners.get(child) : void 0;
        if (owner && owner !== element) continue;
        return child;
      }
    }
    frame.owned ??= getOwnedElements(element);
    return frame.ownedIndex < frame.owned.length ? frame.owned[frame.ownedIndex++] : null;
  }
  function isBlockForName(element) {
    const display = getStyle(element).display;
    return !!display && display !== "inline" || element.localName === "br";
  }
  var kLetter = /[^\s\d\p{P}]/u;
  function transformText(text, parent) {
    if (!kLetter.test(text)) return text;
    const transform = getStyle(parent).textTransform;
    if (!transform || transform === "none") return text;
    if (transform === "uppercase") return text.toUpperCase();
    if (transform === "lowercase") return text.toLowerCase();
    if (transform === "capitalize") return text.replace(/(^|[\s\p{P}])(\p{L})/gu, (_, sep, ch) => sep + ch.toUpperCase());
    return text;
  }

  // src/snapshot/refs.ts
  var RefRegistry = class {
    numbers = /* @__PURE__ */ new WeakMap();
    entries = /* @__PURE__ */ new Map();
    next = 1;
    prefix = "e";
    /** Starts a call: the prefix of printed refs and the lowest number a new ref may take. */
    beginCall(refPrefix, refStart) {
      this.prefix = refPrefix;
      if (refStart > this.next) this.next = refStart;
    }
    /** The next free number (the envelope's `nextRef`). */
    get nextRef() {
      return this.next;
    }
    /** The ref number of `element`, if it has one. */
    numberOf(element) {
      return this.numbers.get(element);
    }
    /** The ref number of `element`, giving it the next free number if it has none. */
    ensure(element) {
      let n = this.numbers.get(element);
      if (n === void 0) {
        n = this.next++;
        this.numbers.set(element, n);
        this.entries.set(n, { element: new WeakRef(element), tagName: tagNameOf(element), role: "", name: "" });
      }
      return n;
    }
    /** Records what the element looked like, for the details of a later `ref-detached`. */
    remember(n, role, name) {
      const entry = this.entries.get(n);
      if (entry) {
        entry.role = role;
        entry.name = name;
      }
    }
    /** `refPrefix + n`, as printed and returned. */
    label(n) {
      return this.prefix + n;
    }
    /** The live, connected element of ref `n`, or null (no throw: for `__verdex.element`). */
    lookup(n) {
      if (typeof n !== "number") return null;
      const element = this.entries.get(n)?.element.deref();
      return element && element.isConnected ? element : null;
    }
    /** The live element of ref `n`; throws `ref-unknown` or `ref-detached`. */
    resolve(n) {
      const entry = this.entries.get(n);
      if (!entry) {
        throw new BridgeError("ref-unknown", `ref ${this.label(n)} was not given out by this document`);
      }
      const element = entry.element.deref();
      if (!element || !element.isConnected) {
        throw new BridgeError(
          "ref-detached",
          `ref ${this.label(n)} (${entry.tagName}) was removed from the document`,
          { tagName: entry.tagName, role: entry.role, name: entry.name }
        );
      }
      return element;
    }
  };
  function isInteractive(element) {
    if (!isInteractiveKind(element)) return false;
    return getStyle(element).pointerEvents !== "none";
  }
  function isInteractiveKind(element) {
    switch (tagOf(element)) {
      case "A":
        if (element.hasAttribute("href")) return true;
        break;
      case "BUTTON":
      case "SELECT":
      case "TEXTAREA":
      case "SUMMARY":
        return true;
      case "INPUT":
        if (element.type !== "hidden") return true;
        break;
    }
    if (kInteractiveRoles.has(getRole(element) ?? "")) return true;
    if (isClosedShadowHost(element)) return true;
    if (element.hasAttribute("tabindex")) return true;
    if (isEditingHost(element)) return true;
    switch (tagOf(element)) {
      case "AREA":
        return element.hasAttribute("href");
      case "AUDIO":
      case "VIDEO":
        return element.hasAttribute("controls");
      default:
        return false;
    }
  }

  // src/snapshot/tree.ts
  var kMaxNameLength = 150;
  var kNoValueInputTypes = /* @__PURE__ */ new Set(["checkbox", "radio", "file", "hidden", "button", "submit", "reset", "image"]);
  function buildTree(root, refs2, options) {
    const builder = new TreeBuilder(root, refs2);
    return builder.build(options.keepRoot);
  }
  var TreeBuilder = class {
    constructor(root, refs2) {
      this.root = root;
      this.refs = refs2;
      const doc = root.ownerDocument;
      this.active = deepActiveElement(doc);
      this.ownedBy = getOwnerMap(doc);
    }
    root;
    refs;
    active;
    /** Elements taken out of their DOM place by an aria-owns elsewhere, mapped to their owner. */
    ownedBy;
    visitedOwned = /* @__PURE__ */ new Set();
    /** Set by nextChild for the element it returns. */
    nextFlags = 0;
    nextPseudo = "none";
    build(keepRoot) {
      const fragment = { node: { role: "fragment", name: "", children: [] }, fullName: "", tokens: [] };
      const modal = keepRoot ? null : getModalScope(this.root.ownerDocument)?.dialog ?? findAriaModal(this.root, this.active);
      const root = modal ?? this.root;
      const flags = getHiddenFlags(root);
      const pseudo = getPseudoCandidates(root.getRootNode());
      if (!flags) this.walk(fragment, root, flags, pseudo, keepRoot || !!modal, !keepRoot && !modal);
      this.close(fragment);
      return fragment.node;
    }
    /**
     * Walks `element` and its flat-tree descendants depth first with an explicit stack (a page can
     * nest thousands of levels deep: no recursion per level).
     */
    walk(parent, element, flags, pseudo, isRoot, containerOnly) {
      const stack = [];
      const first = this.enter(parent, element, flags, pseudo, isRoot, containerOnly);
      if (first) stack.push(first);
      while (stack.length) {
        const frame = stack[stack.length - 1];
        const child = this.nextChild(frame);
        if (child) {
          const entered = this.enter(frame.target, child, this.nextFlags, this.nextPseudo, false, false);
          if (entered) stack.push(entered);
        } else {
          stack.pop();
          this.leave(frame);
        }
      }
    }
    /** Opens the element's node and pushes what comes before its children; null when it has no content to walk. */
    enter(parent, element, flags, pseudo, isRoot, containerOnly) {
      const selfVisible = isStyleVisible(element);
      noteShadowCandidate(element);
      const open = selfVisible && !containerOnly ? this.openNode(element, isRoot) : null;
      const target = open ?? parent;
      const display = getStyle(element).display;
      const block = !containerOnly && (display !== "inline" && display !== "contents" || element.localName === "br");
      if (block) parent.tokens.push(" ");
      const frame = {
        element,
        parent,
        open,
        target,
        containerOnly,
        isRoot,
        block,
        flags,
        showText: false,
        closedDetails: false,
        closedHost: false,
        childPseudo: pseudo,
        children: null,
        index: 0,
        next: null,
        owned: null,
        ownedIndex: 0,
        after: false
      };
      const local = element.localName;
      if (local === "iframe" || local === "frame" || getStyle(element).contentVisibility === "hidden") {
        this.leave(frame);
        return null;
      }
      const shadow = element.shadowRoot;
      const ownPseudo = selfVisible && (isPseudoCandidate(element, pseudo) || !!shadow && getPseudoCandidates(shadow) !== "none");
      if (ownPseudo) {
        const before = getPseudoContentKnown(element, "::before");
        if (before) target.tokens.push(before);
        frame.after = true;
      }
      frame.closedDetails = isClosedDetails(element);
      frame.closedHost = isClosedShadowHost(element);
      frame.showText = selfVisible && !isValueControl(element) && !frame.closedDetails;
      if (shadow || local === "slot") {
        const children = flatChildNodes(element);
        frame.children = children;
        if (shadow) frame.childPseudo = getPseudoCandidates(shadow);
        else if (children.length && children[0].parentNode !== element)
          frame.childPseudo = getPseudoCandidates(children[0].getRootNode());
      } else {
        frame.next = element.firstChild;
      }
      return frame;
    }
    /**
     * The next child element to walk (its flags and pseudo candidates in nextFlags/nextPseudo),
     * pushing the text nodes met on the way; then the aria-owns elements; null when done.
     */
    nextChild(frame) {
      const element = frame.element;
      for (; ; ) {
        let child;
        if (frame.children) child = frame.index < frame.children.length ? frame.children[frame.index++] : null;
        else {
          child = frame.next;
          if (child) frame.next = child.nextSibling;
        }
        if (!child) break;
        if (frame.closedHost && !isRenderedLightChild(child)) continue;
        if (child.nodeType === 3) {
          if (frame.showText) frame.target.tokens.push(transformText(child.data, element));
        } else if (child.nodeType === 1) {
          const childElement = child;
          if (this.ownedBy.size && this.ownedBy.has(childElement) && this.ownedBy.get(childElement) !== element) continue;
          if (frame.closedDetails && !isDetailsSummary(element, childElement)) continue;
          const childFlags = computeHiddenFlags(childElement, element, frame.flags, true);
          setHiddenFlags(childElement, childFlags);
          if (childFlags !== 0) continue;
          this.nextFlags = childFlags;
          this.nextPseudo = frame.childPseudo;
          return childElement;
        }
      }
      if (!frame.owned) frame.owned = this.ownedBy.size && element.hasAttribute("aria-owns") ? getOwnedElements(element) : [];
      while (frame.ownedIndex < frame.owned.length) {
        const owned = frame.owned[frame.ownedIndex++];
        if (this.visitedOwned.has(owned)) continue;
        this.visitedOwned.add(owned);
        const ownedFlags = getHiddenFlags(owned);
        if (ownedFlags !== 0) continue;
        this.nextFlags = ownedFlags;
        this.nextPseudo = getPseudoCandidates(owned.getRootNode());
        return owned;
      }
      return null;
    }
    /** Pushes what comes after the children, closes the node and gives it (or its text) to the parent. */
    leave(frame) {
      const { open, parent, block } = frame;
      if (frame.after) {
        const after = getPseudoContentKnown(frame.element, "::after");
        if (after) frame.target.tokens.push(after);
      }
      if (frame.containerOnly) return;
      if (open) {
        this.close(open);
        const node = open.node;
        if (!frame.isRoot && isCollapsible(node)) {
          for (const child of node.children) parent.tokens.push("role" in child ? child : child.text);
        } else {
          parent.tokens.push(node);
        }
      }
      if (block) parent.tokens.push(" ");
    }
    /** The node of a visible element, or null when it has none (none/presentation, inline text span). */
    openNode(element, isRoot) {
      const local = element.localName;
      if (local === "iframe" || local === "frame") {
        const ref = this.refs.ensure(element);
        this.refs.remember(ref, "iframe", "");
        return { node: { role: "iframe", name: "", children: [], ref }, fullName: "", tokens: [] };
      }
      const role = getRole(element) ?? "generic";
      if ((role === "none" || role === "presentation") && !isRoot) return null;
      const interactive = isInteractive(element);
      if (role === "generic" && !interactive && !isRoot && isInlineTextOnly(element)) return null;
      const shownRole = role === "none" || role === "presentation" ? "generic" : role;
      const fullName = shownRole === "generic" ? "" : normalizeWhitespace(getAccessibleName(element));
      const node = { role: shownRole, name: truncate(fullName, kMaxNameLength), children: [] };
      if (interactive) {
        node.ref = this.refs.ensure(element);
        this.refs.remember(node.ref, node.role, node.name);
      }
      const checked = getChecked(element);
      if (checked) node.checked = checked;
      if (getDisabled(element)) node.disabled = true;
      if (getExpanded(element)) node.expanded = true;
      const level = getLevel(element);
      if (level) node.level = level;
      const pressed = getPressed(element);
      if (pressed) node.pressed = pressed;
      if (getSelected(element)) node.selected = true;
      if (element === this.active) node.active = true;
      if (isClosedShadowHost(element)) node.closedShadow = true;
      if (role === "link" && element.hasAttribute("href")) node.url = element.getAttribute("href") ?? "";
      const value = controlValue(element);
      if (value) node.value = value;
      return { node, fullName, tokens: [] };
    }
    /** Joins raw text tokens into normalized text lines and finalizes the node's children. */
    close(open) {
      const children = [];
      let buffer = "";
      const flush = () => {
        const text = normalizeWhitespace(buffer);
        if (text) children.push({ text });
        buffer = "";
      };
      for (const token of open.tokens) {
        if (typeof token === "string") {
          buffer += token;
        } else {
          flush();
          children.push(token);
        }
      }
      flush();
      const node = open.node;
      const only = children.length === 1 ? children[0] : void 0;
      if (only && !("role" in only) && (only.text === open.fullName || node.value !== void 0 && only.text === node.value))
        node.children = [];
      else node.children = children;
    }
  };
  function findAriaModal(root, active) {
    const candidates = root.querySelectorAll("[aria-modal]");
    for (let i = candidates.length - 1; i >= 0; i--) {
      const element = candidates[i];
      if ((element.getAttribute("aria-modal") ?? "").toLowerCase() !== "true") continue;
      const role = getRole(element);
      if (role !== "dialog" && role !== "alertdialog") continue;
      if (getHiddenFlags(element) !== 0 || !isStyleVisible(element)) continue;
      const doc = element.ownerDocument;
      const focusOutside = !!active && active !== doc.body && active !== doc.documentElement && !containsComposed(element, active);
      if (focusOutside) continue;
      return element;
    }
    return null;
  }
  function isCollapsible(node) {
    return node.role === "generic" && !node.name && node.ref === void 0 && node.children.length <= 1 && !node.active && !node.disabled && !node.checked && !node.expanded && !node.pressed && !node.selected;
  }
  function isInlineTextOnly(element) {
    const first = element.firstChild;
    return !!first && first.nodeType === 3 && !first.nextSibling && !element.shadowRoot && getStyle(element).display === "inline";
  }
  function isValueControl(element) {
    return element.localName === "textarea" || element.localName === "input";
  }
  function controlValue(element) {
    const tag = tagOf(element);
    if (tag === "TEXTAREA") return element.value;
    if (tag !== "INPUT") return void 0;
    const input = element;
    if (kNoValueInputTypes.has(input.type)) return void 0;
    if (input.type === "password") return input.value ? "••••" : void 0;
    return input.value;
  }

  // src/structure/tree.ts
  function getAncestors(element) {
    const result = [];
    let current = element;
    for (; ; ) {
      let parent = current.parentElement;
      let shadowHost = false;
      if (!parent) {
        const node = current.parentNode;
        if (node && node.nodeType === 11 && node.host) {
          parent = node.host;
          shadowHost = true;
        }
      }
      if (!parent || parent.localName === "body" || parent.localName === "html") break;
      result.push({ element: parent, shadowHost });
      current = parent;
    }
    return result;
  }
  function ancestorAt(element, level) {
    const ancestors = getAncestors(element);
    if (level < 1 || level > ancestors.length) {
      throw new BridgeError(
        "level-out-of-range",
        `ancestorLevel ${level} is out of range: this element has ${ancestors.length} ancestor(s) below <body> (levels 1..${ancestors.length})`,
        { ancestorCount: ancestors.length }
      );
    }
    return { ancestors, container: ancestors[level - 1].element };
  }
  function structureChildren(element) {
    const result = [];
    const shadow = element.shadowRoot;
    if (shadow) for (let c = shadow.firstElementChild; c; c = c.nextElementSibling) result.push(c);
    for (let c = element.firstElementChild; c; c = c.nextElementSibling) result.push(c);
    return result;
  }
  function flatChildren(element) {
    const shadow = element.shadowRoot;
    if (shadow) return Array.from(shadow.children);
    if (element.localName === "slot") {
      const assigned = element.assignedElements();
      if (assigned.length || element.assignedNodes().length) return assigned;
    }
    const children = Array.from(element.children);
    return isClosedShadowHost(element) ? children.filter(isRenderedLightChild) : children;
  }
  function isSubtreeSkipped(element) {
    return isIgnoredTag(element) || (getHiddenFlags(element) & HIDDEN_RENDER) !== 0;
  }
  function isHiddenFromTree(element) {
    return (getHiddenFlags(element) & HIDDEN_ARIA) !== 0;
  }
  function isVisible(element) {
    return !isSubtreeSkipped(element) && isStyleVisible(element);
  }
  function isVisibleInteractive(element) {
    return isVisible(element) && isInteractive(element);
  }
  function walkRendered(root, enter, leave, renderOrder = false) {
    const children = renderOrder ? flatChildren : structureChildren;
    const stack = [
      { element: null, children: children(root), index: 0 }
    ];
    while (stack.length) {
      const frame = stack[stack.length - 1];
      if (frame.index >= frame.children.length) {
        stack.pop();
        if (frame.element) leave?.(frame.element);
        continue;
      }
      const child = frame.children[frame.index++];
      if (isSubtreeSkipped(child)) continue;
      if (enter(child, stack.length) !== false) stack.push({ element: child, children: children(child), index: 0 });
      else leave?.(child);
    }
  }
  function collectRefs(refs2, root, max) {
    const found = [];
    let total = 0;
    walkRendered(root, (element) => {
      if (isStyleVisible(element) && isInteractive(element)) {
        total++;
        if (found.length < max) found.push(refs2.label(refs2.ensure(element)));
      }
    });
    return { refs: found, omitted: total - found.length };
  }
  function directText(element) {
    let text = "";
    for (let c = element.firstChild; c; c = c.nextSibling) if (c.nodeType === 3) text += c.data;
    return normalizeWhitespace(text);
  }
  function visibleText(element, max) {
    if (element.localName === "input" || element.localName === "textarea") return "";
    let text = "";
    const limit = max * 2 + 16;
    const stack = [
      { parent: element, nodes: childrenOf(element), index: 0, pad: "", assigned: false }
    ];
    while (stack.length && text.length < limit) {
      const frame = stack[stack.length - 1];
      if (frame.index >= frame.nodes.length) {
        stack.pop();
        text += frame.pad;
        continue;
      }
      const child = frame.nodes[frame.index++];
      if (child.nodeType === 3) {
        if (frame.assigned || isStyleVisible(frame.parent)) text += child.data;
        continue;
      }
      if (child.nodeType !== 1) continue;
      const childElement = child;
      if (childElement.localName === "slot" && !frame.assigned) {
        const assigned = childElement.assignedNodes();
        if (assigned.length) {
          stack.push({ parent: childElement, nodes: assigned, index: 0, pad: "", assigned: true });
          continue;
        }
      }
      if (isSubtreeSkipped(childElement)) continue;
      const display = getStyle(childElement).display;
      const pad = !frame.assigned && (display !== "inline" || childElement.localName === "br") ? " " : "";
      text += pad;
      stack.push({ parent: childElement, nodes: childrenOf(childElement), index: 0, pad, assigned: false });
    }
    return truncate(normalizeWhitespace(text), max);
  }
  function childrenOf(element) {
    return element.shadowRoot ? element.shadowRoot.childNodes : element.childNodes;
  }
  function describeRole(element) {
    const role = getRole(element) ?? "generic";
    return { role, name: truncate(normalizeWhitespace(getAccessibleName(element)), kMaxNameLength) };
  }

  // src/actions/actionability.ts
  var kActions = /* @__PURE__ */ new Set(["click", "hover", "type", "select"]);
  function describeTarget(element) {
    beginWalk();
    try {
      return { tagName: tagNameOf(element), ...describeRole(element) };
    } finally {
      endWalk();
    }
  }
  function notActionable(element, reason, message, details = {}) {
    return new BridgeError("not-actionable", message, { reason, ...describeTarget(element), ...details });
  }
  var kNotEditableInputTypes = /* @__PURE__ */ new Set([
    "checkbox",
    "radio",
    "button",
    "submit",
    "reset",
    "file",
    "image",
    "range",
    "color",
    "hidden"
  ]);
  function isEditable(element) {
    if ((element.getAttribute("aria-readonly") ?? "").toLowerCase() === "true") return false;
    const tag = tagOf(element);
    if (tag === "INPUT") {
      const input = element;
      return !kNotEditableInputTypes.has(input.type) && !input.readOnly;
    }
    if (tag === "TEXTAREA") return !element.readOnly;
    return element.isContentEditable || isEditingHost(element);
  }
  async function actionTarget(refs2, ref, action, scroll = false) {
    if (!kActions.has(action)) throw new BridgeError("bad-args", `action must be one of click, hover, type, select; got ${JSON.stringify(action)}`);
    const element = refs2.resolve(ref);
    const label = refs2.label(ref);
    let role;
    let name;
    beginWalk();
    try {
      if (!isVisible(element) || !hasBox(element))
        throw notActionable(element, "hidden", `${label} is not visible (hidden, display:none, or zero size); take a new snapshot`);
      if (action !== "hover" && getDisabled(element))
        throw notActionable(element, "disabled", `${label} is disabled`);
      if (action === "type" && !isEditable(element))
        throw notActionable(element, "not-editable", `${label} (${tagNameOf(element)}) is not an editable field`);
      if (action === "select" && tagOf(element) !== "SELECT")
        throw notActionable(element, "not-selectable", `${label} (${tagNameOf(element)}) is not a <select>`);
      ({ role, name } = describeRole(element));
    } finally {
      endWalk();
    }
    if (scroll || !isInViewport(element)) element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    const first = boxOf(element);
    await nextFrame();
    await nextFrame();
    const second = boxOf(element);
    if (!sameBox(first, second))
      throw notActionable(element, "not-stable", `${label} is moving (animating); wait for the page to settle and retry`);
    const { x, y } = clickPoint(element);
    const hit = deepElementFromPoint(element.ownerDocument, x, y);
    if (!hit || !receivesHit(element, hit)) {
      beginWalk();
      try {
        const cover = hit ?? element.ownerDocument.documentElement;
        const coveredBy = {
          tagName: tagNameOf(cover),
          attributes: getAttributes(cover),
          text: visibleText(cover, 100)
        };
        if (isVisibleInteractive(cover)) coveredBy.ref = refs2.label(refs2.ensure(cover));
        throw notActionable(element, "covered", `${label} is covered by <${tagNameOf(cover)}> at (${Math.round(x)}, ${Math.round(y)}); close or scroll away the overlay first`, { coveredBy });
      } finally {
        endWalk();
      }
    }
    return { x, y, tagName: tagNameOf(element), role, name };
  }
  function hasBox(element) {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  }
  function isInViewport(element) {
    const rect = element.getBoundingClientRect();
    const view = element.ownerDocument.defaultView;
    if (!view) return true;
    return rect.top >= 0 && rect.left >= 0 && rect.bottom <= view.innerHeight && rect.right <= view.innerWidth;
  }
  function boxOf(element) {
    const r = element.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }
  function sameBox(a, b) {
    return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
  }
  function nextFrame() {
    return new Promise((resolve) => {
      let done = false;
      const finish2 = () => {
        if (!done) {
          done = true;
          resolve();
        }
      };
      requestAnimationFrame(() => finish2());
      setTimeout(finish2, 100);
    });
  }
  function clickPoint(element) {
    const rects = element.getClientRects();
    const rect = rects.length ? rects[0] : element.getBoundingClientRect();
    const view = element.ownerDocument.defaultView;
    let left = rect.left, top = rect.top, right = rect.right, bottom = rect.bottom;
    if (view) {
      const l = Math.max(left, 0), t = Math.max(top, 0);
      const r = Math.min(right, view.innerWidth), b = Math.min(bottom, view.innerHeight);
      if (r > l && b > t) {
        left = l;
        top = t;
        right = r;
        bottom = b;
      }
    }
    return { x: (left + right) / 2, y: (top + bottom) / 2 };
  }
  function deepElementFromPoint(doc, x, y) {
    let hit = doc.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  }
  function receivesHit(element, hit) {
    if (containsComposed(element, hit)) return true;
    const label = hit.closest("label");
    return !!label && label.control === element;
  }

  // src/aria/facts.ts
  var kMaxFacts = 5e3;
  var kMaxFactName = 150;
  function ariaFacts(doc, refs2, selector, attributes = [], textTransform = true) {
    let matches;
    try {
      matches = deepQuerySelectorAll(doc, selector);
    } catch {
      throw new BridgeError("bad-args", `selector ${JSON.stringify(selector)} is not a valid CSS selector`);
    }
    beginWalk();
    try {
      const elements = [];
      for (const element of matches.slice(0, kMaxFacts)) {
        const role = getRole(element);
        const fact = {
          tagName: tagNameOf(element),
          role: role === null ? "generic" : role === "presentation" ? "none" : role,
          name: truncate(normalizeWhitespace(getAccessibleName(element, { textTransform })), kMaxFactName)
        };
        if (isHiddenForAria(element)) fact.hidden = true;
        const ref = refs2.numberOf(element);
        if (ref !== void 0) fact.ref = refs2.label(ref);
        const values = {};
        let any = false;
        for (const name of attributes) {
          const value = element.getAttribute(name);
          if (value === null) continue;
          values[name] = value;
          any = true;
        }
        if (any) fact.attributes = values;
        elements.push(fact);
      }
      const result = { elements };
      if (matches.length > kMaxFacts) result.omitted = matches.length - kMaxFacts;
      return result;
    } finally {
      endWalk();
    }
  }
  function deepQuerySelectorAll(doc, selector) {
    const result = Array.from(doc.querySelectorAll(selector));
    const hosts = [];
    const all = doc.querySelectorAll("*");
    for (let i = 0; i < all.length; i++) if (all[i].shadowRoot) hosts.push(all[i]);
    for (let i = 0; i < hosts.length; i++) {
      const shadow = hosts[i].shadowRoot;
      result.push(...Array.from(shadow.querySelectorAll(selector)));
      const inner = shadow.querySelectorAll("*");
      for (let j = 0; j < inner.length; j++) if (inner[j].shadowRoot) hosts.push(inner[j]);
    }
    return result;
  }

  // src/actions/prepare.ts
  function prepareType(refs2, ref) {
    const element = refs2.resolve(ref);
    element.focus({ preventScroll: false });
    const tag = tagOf(element);
    if (tag === "INPUT" || tag === "TEXTAREA") {
      try {
        element.select();
      } catch {
      }
    } else if (element.isContentEditable) {
      const selection = element.ownerDocument.getSelection();
      if (selection) {
        const range = element.ownerDocument.createRange();
        range.selectNodeContents(element);
        selection.removeAllRanges();
        selection.addRange(range);
      }
    }
    return { focused: deepActiveElement(element.ownerDocument) === element };
  }
  function selectOption(refs2, ref, values) {
    const element = refs2.resolve(ref);
    const label = refs2.label(ref);
    if (tagOf(element) !== "SELECT") throw notActionable(element, "not-selectable", `${label} (${tagNameOf(element)}) is not a <select>`);
    const select = element;
    beginWalk();
    try {
      if (getDisabled(select)) throw notActionable(element, "disabled", `${label} is disabled`);
    } finally {
      endWalk();
    }
    if (!select.multiple && values.length > 1)
      throw new BridgeError("bad-args", `${label} is a single-choice <select>: pass one value, got ${values.length}`);
    const options = Array.from(select.options);
    const chosen = [];
    for (const value of values) {
      const option = options.find((o) => o.value === value) ?? options.find((o) => o.label.trim() === value.trim() || (o.textContent ?? "").trim() === value.trim());
      if (!option) {
        const available = options.slice(0, 20).map((o) => o.label || o.value);
        throw notActionable(element, "no-option", `${label} has no option with value or label ${JSON.stringify(value)}`, { available });
      }
      if (option.disabled) throw notActionable(element, "disabled", `option ${JSON.stringify(value)} of ${label} is disabled`);
      chosen.push(option);
    }
    for (const option of options) option.selected = chosen.includes(option);
    select.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    select.dispatchEvent(new Event("change", { bubbles: true }));
    return { selected: Array.from(select.selectedOptions).map((o) => o.value) };
  }

  // src/snapshot/render.ts
  var kMaxLineText = 200;
  function renderTree(root, refs2, options) {
    const lines = [];
    const maxDepth = options.depth !== void 0 && options.depth >= 0 ? options.depth : Infinity;
    const visit = (item, indent) => {
      if (!("role" in item)) {
        lines.push({ text: `${indent}- text: ${yamlValue(truncate(item.text, kMaxLineText))}`, node: false, iframe: false });
        return void 0;
      }
      let line = `${indent}- ${item.role}`;
      if (item.name) line += " " + JSON.stringify(item.name);
      line += stateSuffix(item);
      if (item.ref !== void 0) line += ` [ref=${refs2.label(item.ref)}]`;
      const props = [];
      if (item.url !== void 0) props.push(`${indent}  - /url: ${yamlValue(truncate(item.url, kMaxLineText))}`);
      if (item.closedShadow) props.push(`${indent}  - … closed shadow root`);
      const children = item.children;
      const onlyText = children.length === 1 && !("role" in children[0]) ? children[0].text : void 0;
      const inline = item.value !== void 0 && !children.length ? item.value : props.length ? void 0 : onlyText;
      if (inline !== void 0) {
        lines.push(lineOf(`${line}: ${yamlValue(truncate(inline, kMaxLineText))}`, item));
        return void 0;
      }
      const hasChildren = children.length > 0 || props.length > 0;
      lines.push(lineOf(hasChildren ? line + ":" : line, item));
      for (const p of props) lines.push({ text: p, node: false, iframe: false });
      return children;
    };
    const stack = [
      { items: root.children, index: 0, indent: "", depth: options.rootIsNode ? 0 : 1 }
    ];
    while (stack.length) {
      const frame = stack[stack.length - 1];
      if (frame.index >= frame.items.length) {
        stack.pop();
        continue;
      }
      const children = visit(frame.items[frame.index++], frame.indent);
      if (!children || !children.length) continue;
      if (frame.depth + 1 > maxDepth) {
        lines.push({ text: `${frame.indent}  - … ${countLines(children)} more`, node: false, iframe: false });
        continue;
      }
      stack.push({ items: children, index: 0, indent: frame.indent + "  ", depth: frame.depth + 1 });
    }
    return finish(lines, refs2, options.maxChars);
  }
  function lineOf(text, node) {
    return { text, ref: node.ref, node: true, iframe: node.role === "iframe" };
  }
  function stateSuffix(node) {
    let s = "";
    if (node.checked === "mixed") s += " [checked=mixed]";
    else if (node.checked) s += " [checked]";
    if (node.disabled) s += " [disabled]";
    if (node.expanded) s += " [expanded]";
    if (node.level) s += ` [level=${node.level}]`;
    if (node.pressed === "mixed") s += " [pressed=mixed]";
    else if (node.pressed) s += " [pressed]";
    if (node.selected) s += " [selected]";
    if (node.active) s += " [active]";
    return s;
  }
  function countLines(children) {
    let count = 0;
    const pending2 = [children];
    while (pending2.length) {
      for (const child of pending2.pop()) {
        count++;
        if (!("role" in child)) continue;
        if (child.url !== void 0) count++;
        if (child.closedShadow) count++;
        const inline = child.url === void 0 && !child.closedShadow && child.children.length === 1 && !("role" in child.children[0]);
        if (!inline) pending2.push(child.children);
      }
    }
    return count;
  }
  function finish(lines, refs2, maxChars) {
    let shown = lines.length;
    let totalChars = 0;
    for (let i = 0; i < lines.length; i++) totalChars += lines[i].text.length + (i ? 1 : 0);
    if (maxChars !== void 0 && totalChars > maxChars) {
      let used = 0;
      shown = 0;
      for (let i = 0; i < lines.length; i++) {
        const next = used + lines[i].text.length + (i ? 1 : 0);
        if (next > maxChars) break;
        used = next;
        shown = i + 1;
      }
    }
    const iframes = [];
    let refCount = 0;
    let nodeCount = 0;
    const out = [];
    for (let i = 0; i < shown; i++) {
      const line = lines[i];
      out.push(line.text);
      if (line.node) nodeCount++;
      if (line.ref !== void 0) {
        refCount++;
        if (line.iframe) iframes.push({ ref: refs2.label(line.ref), line: i });
      }
    }
    return {
      text: out.join("\n"),
      refCount,
      nodeCount,
      truncated: shown < lines.length ? { totalChars, totalLines: lines.length, shownLines: shown } : null,
      iframes
    };
  }
  var kNeedsQuotes = /^$|^\s|\s$|^[-?:,[\]{}#&*!|>'"%@`]|: |:$| #|^(true|false|null|yes|no|on|off|~)$|^[-+]?(\d[\d_]*\.?\d*|\.\d+)([eE][-+]?\d+)?$|[\u0000-\u001f]/i;
  function yamlValue(text) {
    return kNeedsQuotes.test(text) ? JSON.stringify(text) : text;
  }

  // src/snapshot/index.ts
  function snapshot(doc, refs2, args) {
    const rootElement = args.root !== void 0 ? refs2.resolve(args.root) : doc.body ?? doc.documentElement;
    if (!rootElement) return { text: "", refCount: 0, nodeCount: 0, truncated: null, iframes: [], unknownHosts: 0 };
    beginWalk();
    beginCandidates();
    try {
      const tree = buildTree(rootElement, refs2, { keepRoot: args.root !== void 0 });
      const rendered = renderTree(tree, refs2, { depth: args.depth, maxChars: args.maxChars, rootIsNode: args.root !== void 0 });
      return { ...rendered, unknownHosts: unknownHostCount() };
    } finally {
      endWalk();
    }
  }

  // src/structure/anchors.ts
  var kMaxAnchorDepth = 4;
  var kMaxAnchors = 40;
  var kMaxAnchorText = 80;
  var kFullTextTags = /* @__PURE__ */ new Set([
    "H1",
    "H2",
    "H3",
    "H4",
    "H5",
    "H6",
    "LABEL",
    "LEGEND",
    "CAPTION",
    "FIGCAPTION",
    "SUMMARY",
    "BUTTON",
    "A",
    "P",
    "LI",
    "DT",
    "DD",
    "TD",
    "TH",
    "OPTION"
  ]);
  var kFullTextRoles = /* @__PURE__ */ new Set([
    "heading",
    "button",
    "link",
    "paragraph",
    "listitem",
    "cell",
    "gridcell",
    "columnheader",
    "rowheader",
    "option",
    "tab",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "treeitem"
  ]);
  function extractAnchors(refs2, ref, level) {
    const target = refs2.resolve(ref);
    beginWalk();
    try {
      const { container } = ancestorAt(target, level);
      const descendants = [];
      let omitted = 0;
      const indexOf = /* @__PURE__ */ new Map();
      const index = (element, parent) => {
        if (!indexOf.has(element)) flatChildren(parent).forEach((c, i) => indexOf.set(c, i));
        return indexOf.get(element) ?? 0;
      };
      const parents = [container];
      let run;
      walkRendered(container, (element, depth2) => {
        parents.length = depth2;
        parents.push(element);
        if (!isVisible(element)) return true;
        if (depth2 > kMaxAnchorDepth || descendants.length >= kMaxAnchors) {
          omitted++;
          return element.namespaceURI !== "http://www.w3.org/2000/svg";
        }
        const parent = parents[depth2 - 1];
        const hidden = isHiddenFromTree(element) ? depth2 === 1 || !isHiddenFromTree(parent) ? "top" : "inside" : false;
        const entry = describe(refs2, element, depth2, index(element, parent), hidden);
        if (parent.localName === "slot" && element.assignedSlot) entry.slotted = true;
        const leaf = entry.ref === void 0 && isLeaf(element);
        const key = leaf ? runKey(entry) : "";
        const last = descendants[descendants.length - 1];
        if (run && leaf && run.entry === last && run.parent === parent && run.key === key && run.entry.index + (run.entry.count ?? 1) === entry.index) {
          run.entry.count = (run.entry.count ?? 1) + 1;
        } else {
          descendants.push(entry);
          run = leaf ? { entry, key, parent } : void 0;
        }
        return tagOf(element) !== "SVG";
      }, void 0, true);
      const result = {
        ancestorAt: { level, tagName: tagNameOf(container), attributes: getAttributes(container) },
        descendants
      };
      if (omitted) result.omitted = omitted;
      return result;
    } finally {
      endWalk();
    }
  }
  function isLeaf(element) {
    if (tagOf(element) === "SVG") return true;
    return flatChildren(element).every(isSubtreeSkipped);
  }
  function runKey(entry) {
    const { depth: _depth, index: _index, ...facts } = entry;
    return JSON.stringify(facts);
  }
  function describe(refs2, element, depth2, index, hidden) {
    const entry = { depth: depth2, index, tagName: tagNameOf(element), attributes: getAttributes(element) };
    if (isClosedShadowHost(element)) entry.closedShadowRoot = true;
    if (isVisibleInteractive(element)) entry.ref = refs2.label(refs2.ensure(element));
    const role = getRole(element);
    if (hidden === "top") entry.ariaHidden = true;
    if (!hidden && role && role !== "none" && role !== "presentation" && role !== "generic") {
      entry.role = role;
      const name = normalizeWhitespace(getAccessibleName(element));
      if (name) entry.name = truncate(name, kMaxNameLength);
    }
    const own = directText(element);
    const fullTextKind = kFullTextTags.has(tagOf(element)) || kFullTextRoles.has(role ?? "");
    const full = fullTextKind ? visibleText(element, kMaxAnchorText) : "";
    if (full && full !== truncate(own, kMaxAnchorText)) {
      if (full !== entry.name) entry.fullText = full;
    } else if (own) {
      const text = truncate(own, kMaxAnchorText);
      if (text !== entry.name) entry.directText = text;
    }
    return entry;
  }

  // src/structure/containers.ts
  var kMaxAncestors = 25;
  var kMaxRefsPerContainer = 8;
  var kMaxTargetText = 100;
  function resolveContainer(refs2, ref) {
    const target = refs2.resolve(ref);
    beginWalk();
    try {
      const all = getAncestors(target);
      const shown = all.slice(0, kMaxAncestors);
      const inside = interactiveRanges(shown.map((a) => a.element));
      let counting = false;
      const result = {
        target: { ref: refs2.label(ref), tagName: tagNameOf(target), ...targetRole(target), text: visibleText(target, kMaxTargetText) },
        ancestors: shown.map((ancestor, i) => {
          const elements = inside.get(ancestor.element) ?? [];
          const listed = counting ? [] : elements.slice(0, kMaxRefsPerContainer);
          const entry = {
            level: i + 1,
            tagName: tagNameOf(ancestor.element),
            attributes: getAttributes(ancestor.element),
            childElements: structureChildren(ancestor.element).length,
            containsRefs: listed.map((e) => refs2.label(refs2.ensure(e)))
          };
          if (elements.length > listed.length) entry.refsOmitted = elements.length - listed.length;
          if (elements.length > kMaxRefsPerContainer) counting = true;
          if (ancestor.shadowHost) entry.shadowHost = true;
          if (isClosedShadowHost(ancestor.element)) entry.closedShadowRoot = true;
          return entry;
        })
      };
      if (isClosedShadowHost(target)) result.target.closedShadowRoot = true;
      if (all.length > shown.length) result.omitted = all.length - shown.length;
      return result;
    } finally {
      endWalk();
    }
  }
  function targetRole(target) {
    if (isHiddenFromTree(target)) return { ariaHidden: true };
    const { role, name } = describeRole(target);
    return { role, name: role === "generic" ? "" : name };
  }
  function interactiveRanges(chain) {
    const result = /* @__PURE__ */ new Map();
    if (!chain.length) return result;
    const top = chain[chain.length - 1];
    const members = new Set(chain);
    const found = [];
    const starts = /* @__PURE__ */ new Map();
    walkRendered(top, (element) => {
      if (members.has(element)) starts.set(element, found.length);
      if (isVisibleInteractive(element)) found.push(element);
    }, (element) => {
      if (members.has(element)) result.set(element, found.slice(starts.get(element) ?? found.length));
    });
    result.set(top, found);
    return result;
  }

  // src/structure/patterns.ts
  var kMaxSiblings = 30;
  var kMaxTexts = 3;
  var kMaxTextLength = 60;
  var kMaxOutline = 6;
  var kOutlineChainDepth = 3;
  var kTextWalkBudget = 400;
  function inspectPattern(refs2, ref, level) {
    const target = refs2.resolve(ref);
    beginWalk();
    try {
      const { ancestors, container } = ancestorAt(target, level);
      const onPath = level === 1 ? target : ancestors[level - 2].element;
      const children = onPath.parentNode === container.shadowRoot && container.shadowRoot ? Array.from(container.shadowRoot.children) : Array.from(container.children);
      const targetIndex = children.indexOf(onPath);
      const indices = [];
      for (let i = 0; i < children.length && indices.length < kMaxSiblings; i++) indices.push(i);
      if (targetIndex >= kMaxSiblings) indices[kMaxSiblings - 1] = targetIndex;
      const result = {
        ancestorLevel: level,
        containerAt: { tagName: tagNameOf(container), attributes: getAttributes(container) },
        targetSiblingIndex: targetIndex,
        siblings: indices.map((index) => {
          const sibling = children[index];
          const found = collectRefs(refs2, sibling, kMaxRefsPerContainer);
          const entry = {
            index,
            tagName: tagNameOf(sibling),
            attributes: getAttributes(sibling),
            containsText: containedTexts(sibling),
            outline: outline(sibling),
            containsRefs: found.refs
          };
          if (found.omitted) entry.refsOmitted = found.omitted;
          return entry;
        })
      };
      if (children.length > indices.length) result.omitted = children.length - indices.length;
      return result;
    } finally {
      endWalk();
    }
  }
  function isHeading(element) {
    return getRole(element) === "heading";
  }
  function containedTexts(root) {
    if (!isVisible(root)) return [];
    const headings = [];
    const others = [];
    const rootOwn = directText(root);
    if (isHeading(root)) headings.push(visibleText(root, kMaxTextLength));
    else if (rootOwn) others.push(rootOwn);
    let budget = kTextWalkBudget;
    walkRendered(root, (element) => {
      if (--budget < 0) return false;
      if (!isVisible(element)) return true;
      if (isHeading(element)) {
        const text = visibleText(element, kMaxTextLength);
        if (text) headings.push(text);
        return false;
      }
      const own = ownText(element);
      if (own) others.push(own);
      return true;
    });
    const result = [];
    for (const text of [...headings, ...others]) {
      const cut = truncate(text, kMaxTextLength);
      if (!result.includes(cut)) result.push(cut);
      if (result.length >= kMaxTexts) break;
    }
    return result;
  }
  function ownText(element) {
    const tag = element.localName;
    if (tag === "input" || tag === "textarea" || tag === "select") return "";
    if (getStyle(element).visibility !== "visible") return "";
    return normalizeWhitespace(directText(element));
  }
  function outline(element) {
    const result = [];
    for (const child of structureChildren(element)) {
      if (result.length >= kMaxOutline) break;
      if (!isVisible(child)) continue;
      const parts = [];
      let current = child;
      while (current && parts.length < kOutlineChainDepth) {
        parts.push(tagNameOf(current));
        const kids = structureChildren(current).filter(isVisible);
        current = kids.length === 1 ? kids[0] : null;
      }
      result.push(parts.join(">"));
    }
    return result;
  }

  // src/args.ts
  function readArgs(raw) {
    if (raw === void 0 || raw === null) return {};
    if (typeof raw !== "object" || Array.isArray(raw)) throw new BridgeError("bad-args", "args must be an object");
    return raw;
  }
  function optionalNumber(args, key) {
    const value = args[key];
    if (value === void 0 || value === null) return void 0;
    if (typeof value !== "number" || !Number.isFinite(value) || !Number.isInteger(value))
      throw new BridgeError("bad-args", `${key} must be an integer, got ${JSON.stringify(value)}`);
    return value;
  }
  function requireNumber(args, key) {
    const value = optionalNumber(args, key);
    if (value === void 0) throw new BridgeError("bad-args", `${key} is required`);
    return value;
  }
  function optionalString(args, key) {
    const value = args[key];
    if (value === void 0 || value === null) return void 0;
    if (typeof value !== "string") throw new BridgeError("bad-args", `${key} must be a string, got ${JSON.stringify(value)}`);
    return value;
  }
  function requireString(args, key) {
    const value = optionalString(args, key);
    if (value === void 0) throw new BridgeError("bad-args", `${key} is required`);
    return value;
  }
  function requireStringArray(args, key) {
    const value = args[key];
    if (!Array.isArray(value) || !value.every((v) => typeof v === "string"))
      throw new BridgeError("bad-args", `${key} must be an array of strings`);
    return value;
  }
  function optionalStringArray(args, key) {
    if (args[key] === void 0 || args[key] === null) return void 0;
    return requireStringArray(args, key);
  }
  function optionalBoolean(args, key) {
    const value = args[key];
    if (value === void 0 || value === null) return void 0;
    if (typeof value !== "boolean") throw new BridgeError("bad-args", `${key} must be true or false, got ${JSON.stringify(value)}`);
    return value;
  }
  function requireFiniteNumber(args, key) {
    const value = args[key];
    if (typeof value !== "number" || !Number.isFinite(value))
      throw new BridgeError("bad-args", `${key} must be a finite number, got ${JSON.stringify(value)}`);
    return value;
  }

  // src/frames/owner.ts
  var kOwnerAttributes = ["src", "srcdoc"];
  function requireFrameOwner(element) {
    if (!(element instanceof Element) || element.localName !== "iframe" && element.localName !== "frame")
      throw new BridgeError("bad-args", "the element argument must be an <iframe> or <frame> element");
    if (!element.isConnected)
      throw new BridgeError("ref-detached", "the iframe was removed from the document", { tagName: element.localName, role: "iframe", name: "" });
    return element;
  }
  function frameOwner(refs2, element) {
    const owner = requireFrameOwner(element);
    const ref = refs2.ensure(owner);
    refs2.remember(ref, "iframe", "");
    const attributes = getAttributes(owner);
    for (const name of kOwnerAttributes) {
      const value = owner.getAttribute(name);
      if (value !== null) attributes[name] = truncate(value, kMaxAttributeLength);
    }
    return { ref: refs2.label(ref), tagName: tagNameOf(owner), attributes };
  }
  function framePoint(refs2, element, x, y) {
    const owner = requireFrameOwner(element);
    const rect = owner.getBoundingClientRect();
    const style = owner.ownerDocument.defaultView?.getComputedStyle(owner);
    const padLeft = style ? parseFloat(style.paddingLeft) || 0 : 0;
    const padTop = style ? parseFloat(style.paddingTop) || 0 : 0;
    const px = rect.left + owner.clientLeft + padLeft + x;
    const py = rect.top + owner.clientTop + padTop + y;
    const view = owner.ownerDocument.defaultView;
    const inView = !view || px >= 0 && py >= 0 && px < view.innerWidth && py < view.innerHeight;
    if (!inView) return { x: px, y: py, inView };
    const hit = deepElementFromPoint(owner.ownerDocument, px, py);
    if (hit !== owner) {
      beginWalk();
      try {
        const cover = hit ?? owner.ownerDocument.documentElement;
        const coveredBy = {
          tagName: tagNameOf(cover),
          attributes: getAttributes(cover),
          text: visibleText(cover, 100)
        };
        if (isVisibleInteractive(cover)) coveredBy.ref = refs2.label(refs2.ensure(cover));
        throw new BridgeError(
          "not-actionable",
          `the iframe is covered by <${tagNameOf(cover)}> at (${Math.round(px)}, ${Math.round(py)})`,
          { reason: "covered", coveredBy }
        );
      } finally {
        endWalk();
      }
    }
    return { x: px, y: py, inView };
  }

  // src/index.ts
  var refs = new RefRegistry();
  var methods = {
    snapshot: (args) => snapshot(document, refs, {
      root: optionalNumber(args, "root"),
      depth: optionalNumber(args, "depth"),
      maxChars: optionalNumber(args, "maxChars")
    }),
    resolveContainer: (args) => resolveContainer(refs, requireNumber(args, "ref")),
    inspectPattern: (args) => inspectPattern(refs, requireNumber(args, "ref"), requireNumber(args, "ancestorLevel")),
    extractAnchors: (args) => extractAnchors(refs, requireNumber(args, "ref"), requireNumber(args, "ancestorLevel")),
    actionTarget: (args) => actionTarget(refs, requireNumber(args, "ref"), requireString(args, "action"), optionalBoolean(args, "scroll") ?? false),
    prepareType: (args) => prepareType(refs, requireNumber(args, "ref")),
    selectOption: (args) => selectOption(refs, requireNumber(args, "ref"), requireStringArray(args, "values")),
    frameOwner: (_args, element) => frameOwner(refs, element),
    framePoint: (args, element) => framePoint(refs, element, requireFiniteNumber(args, "x"), requireFiniteNumber(args, "y")),
    ariaFacts: (args) => ariaFacts(
      document,
      refs,
      requireString(args, "selector"),
      optionalStringArray(args, "attributes"),
      optionalBoolean(args, "textTransform")
    )
  };
  function call(method, rawArgs, element) {
    try {
      const args = readArgs(rawArgs);
      refs.beginCall(optionalString(args, "refPrefix") ?? "e", optionalNumber(args, "refStart") ?? 1);
      configureTestIdAttribute(optionalString(args, "testIdAttribute") ?? "data-testid");
      const fn = Object.prototype.hasOwnProperty.call(methods, method) ? methods[method] : void 0;
      if (!fn) throw new BridgeError("bad-args", `unknown method ${JSON.stringify(method)}; methods: ${Object.keys(methods).join(", ")}`);
      const value = fn(args, element);
      if (value instanceof Promise) return value.then(ok, failure);
      return ok(value);
    } catch (error) {
      return failure(error);
    }
  }
  function ok(value) {
    return { ok: true, value, nextRef: refs.nextRef };
  }
  function failure(error) {
    if (error instanceof BridgeError)
      return { ok: false, error: { code: error.code, message: error.message, ...error.details }, nextRef: refs.nextRef };
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const stack = error instanceof Error ? error.stack ?? "" : "";
    return { ok: false, error: { code: "internal", message, stack }, nextRef: refs.nextRef };
  }
  var version = "0.1.0";
  var existing = globalThis.__verdex;
  if (!existing || existing.version !== version) {
    const bridge = Object.freeze({
      version,
      call,
      element: (n) => refs.lookup(n),
      shadowCandidates,
      classifyShadowHosts
    });
    Object.defineProperty(globalThis, "__verdex", { value: bridge, configurable: true, writable: false, enumerable: false });
  }
})();
