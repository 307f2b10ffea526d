/* verdex-bridge 0.1.0 */
"use strict";
(() => {
  // src/pseudo.ts
  function scopeSetsElementContent(scope) {
    const lists = scopeRules(scope);
    if (!lists) return true;
    for (const rules of lists) if (rulesSetElementContent(rules, false)) return true;
    return false;
  }
  var unreadableSheets = /* @__PURE__ */ new WeakSet();
  var failedSheets = /* @__PURE__ */ new Set();
  var failedSheetsKey = "";
  function configureFailedSheets(urls) {
    const key = urls && urls.length ? urls.join("\n") : "";
    if (key === failedSheetsKey) return;
    failedSheetsKey = key;
    failedSheets = new Set(urls ?? []);
  }
  var kNoRules = [];
  function sheetRules(sheet) {
    if (sheet.href !== null && failedSheets.has(sheet.href)) return kNoRules;
    if (unreadableSheets.has(sheet)) return null;
    try {
      return sheet.cssRules;
    } catch (error) {
      if (error instanceof DOMException && error.name === "SecurityError") unreadableSheets.add(sheet);
      return null;
    }
  }
  function scopeRules(scope) {
    const sheets = [];
    if (scope.styleSheets) for (let i = 0; i < scope.styleSheets.length; i++) sheets.push(scope.styleSheets[i]);
    if (scope.adoptedStyleSheets) sheets.push(...scope.adoptedStyleSheets);
    const lists = [];
    for (const sheet of sheets) {
      const rules = sheetRules(sheet);
      if (!rules) return null;
      lists.push(rules);
    }
    return lists;
  }
  function rulesSetElementContent(rules, nested) {
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i];
      const style = rule.style;
      if (style && style.getPropertyValue("content")) {
        const selector = rule.selectorText;
        if (nested || !selector || selector.includes("&")) return true;
        if (splitTopLevel(selector).some((complex) => !kAnyPseudoElement.test(complex))) return true;
      }
      const inner = rule.cssRules;
      if (inner && inner.length && rulesSetElementContent(inner, nested || !!rule.selectorText))
        return true;
      const imported = rule.styleSheet;
      if (imported) {
        const importedRules = sheetRules(imported);
        if (!importedRules || rulesSetElementContent(importedRules, nested)) return true;
      }
    }
    return false;
  }
  var kAnyPseudoElement = /::?(before|after)\b|::(?!slotted\b|part\b)[a-z-]+/i;
  var kPseudoMention = /:(before|after)\b/i;
  var kPseudoElement = /^::?(before|after)(?![-\w])/i;
  function computePseudoCandidates(scope) {
    const lists = scopeRules(scope);
    if (!lists) return "all";
    const subjects = /* @__PURE__ */ new Set();
    for (const rules of lists) if (!collectSubjects(rules, subjects)) return "all";
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
      if (selector && kPseudoMention.test(selector) && declaresContent(rule)) {
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
        const importedRules = sheetRules(imported);
        if (!importedRules || !collectSubjects(importedRules, subjects)) return false;
      }
    }
    return true;
  }
  function declaresContent(rule) {
    const style = rule.style;
    return !style || style.getPropertyValue("content") !== "";
  }
  function hasNestedStyleRule(rules) {
    for (let i = 0; i < rules.length; i++) if (rules[i].selectorText) return true;
    return false;
  }
  function splitTopLevel(selector) {
    const parts = [];
    let depth2 = 0;
    let quote2 = "";
    let start = 0;
    for (let i = 0; i < selector.length; i++) {
      const ch = selector[i];
      if (quote2) {
        if (ch === "\\") i++;
        else if (ch === quote2) quote2 = "";
      } else if (ch === '"' || ch === "'") quote2 = ch;
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
    let quote2 = "";
    for (let i = 0; i < complex.length; i++) {
      const ch = complex[i];
      if (quote2) {
        if (ch === "\\") i++;
        else if (ch === quote2) quote2 = "";
      } else if (ch === '"' || ch === "'") quote2 = ch;
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
  var kSecretAutocomplete = /(?:^|\s)(?:current-password|new-password|one-time-code|cc-number|cc-csc|cc-exp(?:-month|-year)?)(?:\s|$)/i;
  var seenSecret = /* @__PURE__ */ new WeakSet();
  function isSecretField(element) {
    if (seenSecret.has(element)) return true;
    if (!isSecretNow(element)) return false;
    seenSecret.add(element);
    return true;
  }
  function isSecretNow(element) {
    const tag = tagOf(element);
    if (tag === "INPUT" && element.type === "password") return true;
    if (tag !== "INPUT" && tag !== "TEXTAREA" && tag !== "SELECT") return false;
    return kSecretAutocomplete.test(element.getAttribute("autocomplete") ?? "");
  }
  var kMaxTextNodeChars = 1e4;
  function textData(node) {
    return node.length <= kMaxTextNodeChars ? node.data : node.substringData(0, kMaxTextNodeChars);
  }
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
    let current2 = node;
    while (current2) {
      if (current2 === ancestor) return true;
      const parent = current2.parentNode;
      if (parent && parent.nodeType === 11) current2 = parent.host ?? null;
      else current2 = parent;
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
  var kDirectContentReads = 32;
  function readsDirectly(cache, scope) {
    if (!caches || !cache) return true;
    if (cache.has(scope) || caches.direct >= kDirectContentReads) return false;
    caches.direct++;
    return true;
  }
  var caches;
  var depth = 0;
  function beginWalk() {
    if (depth++ === 0)
      caches = {
        style: /* @__PURE__ */ new Map(),
        display: /* @__PURE__ */ new Map(),
        before: /* @__PURE__ */ new Map(),
        after: /* @__PURE__ */ new Map(),
        scopes: /* @__PURE__ */ new Map(),
        contentScopes: /* @__PURE__ */ new Map(),
        direct: 0
      };
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
  function getDisplay(element) {
    const cache = caches?.display;
    let display = cache?.get(element);
    if (display === void 0) {
      display = getStyle(element).display;
      cache?.set(element, display);
    }
    return display;
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
    if (readsDirectly(caches?.scopes, element.getRootNode())) return true;
    if (isPseudoCandidate(element, getPseudoCandidates(element.getRootNode()))) return true;
    const shadow = element.shadowRoot;
    return !!shadow && getPseudoCandidates(shadow) !== "none";
  }
  function mayHaveElementContent(element) {
    if (element.hasAttribute("part") || /content/i.test(element.getAttribute("style") ?? "")) return true;
    if (readsDirectly(caches?.contentScopes, element.getRootNode())) return true;
    if (scopeSetsContent(element.getRootNode())) return true;
    if (element.shadowRoot && scopeSetsContent(element.shadowRoot)) return true;
    for (let slot = element.assignedSlot; slot; slot = slot.assignedSlot)
      if (scopeSetsContent(slot.getRootNode())) return true;
    return false;
  }
  function scopeSetsContent(scope) {
    const cache = caches?.contentScopes;
    const cached = cache?.get(scope);
    if (cached !== void 0) return cached;
    const result = scope.nodeType === 9 || scope.nodeType === 11 ? scopeSetsElementContent(scope) : true;
    cache?.set(scope, result);
    return result;
  }
  function isPseudoCandidate(element, candidates2) {
    if (candidates2 === "all") return true;
    if (candidates2 !== "none" && candidates2.has(element)) return true;
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

  // src/locator/playwright-role.ts
  var kPlaywrightRoles = [
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
  ];
  var kValidRoles = new Set(kPlaywrightRoles);
  function isPlaywrightRole(role) {
    return kValidRoles.has(role);
  }
  var kNamingProhibited = [
    "caption",
    "code",
    "deletion",
    "emphasis",
    "generic",
    "insertion",
    "paragraph",
    "presentation",
    "strong",
    "subscript",
    "superscript"
  ];
  var kGlobalAriaAttributes = [
    ["aria-atomic", void 0],
    ["aria-busy", void 0],
    ["aria-controls", void 0],
    ["aria-current", void 0],
    ["aria-describedby", void 0],
    ["aria-details", void 0],
    ["aria-dropeffect", void 0],
    ["aria-flowto", void 0],
    ["aria-grabbed", void 0],
    ["aria-hidden", void 0],
    ["aria-keyshortcuts", void 0],
    ["aria-label", kNamingProhibited],
    ["aria-labelledby", kNamingProhibited],
    ["aria-live", void 0],
    ["aria-owns", void 0],
    ["aria-relevant", void 0],
    ["aria-roledescription", ["generic"]]
  ];
  var kAncestorPreventingLandmark = "article:not([role]), aside:not([role]), main:not([role]), nav:not([role]), section:not([role]), [role=article], [role=complementary], [role=main], [role=navigation], [role=region]";
  var kInputTypeRoles = {
    button: "button",
    checkbox: "checkbox",
    image: "button",
    number: "spinbutton",
    radio: "radio",
    range: "slider",
    reset: "button",
    submit: "button"
  };
  var kPresentationInheritance = {
    DD: ["DL", "DIV"],
    DIV: ["DL"],
    DT: ["DL", "DIV"],
    LI: ["OL", "UL"],
    TBODY: ["TABLE"],
    TD: ["TR"],
    TFOOT: ["TABLE"],
    TH: ["TR"],
    THEAD: ["TABLE"],
    TR: ["THEAD", "TBODY", "TFOOT", "TABLE"]
  };
  var roleCache;
  function withRoleCache(fn) {
    if (roleCache) return fn();
    roleCache = /* @__PURE__ */ new Map();
    try {
      return fn();
    } finally {
      roleCache = void 0;
    }
  }
  function openRoleCache() {
    roleCache ??= /* @__PURE__ */ new Map();
  }
  function closeRoleCache() {
    roleCache = void 0;
  }
  function getPlaywrightRole(element) {
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
      if (hasPresentationConflictResolution(element, implicit)) return implicit;
    }
    return explicit;
  }
  function getExplicitRole(element) {
    const roles = (element.getAttribute("role") || "").toLowerCase().split(" ").map((role) => role.trim());
    return roles.find((role) => kValidRoles.has(role)) || null;
  }
  function hasPresentationConflictResolution(element, role) {
    const globalAttribute = kGlobalAriaAttributes.some(([attribute, prohibited]) => !prohibited?.includes(role || "") && element.hasAttribute(attribute));
    return globalAttribute || isFocusable(element);
  }
  function hasTabIndex(element) {
    return !Number.isNaN(Number(String(element.getAttribute("tabindex"))));
  }
  function isFocusable(element) {
    return !isNativelyDisabled(element) && (isNativelyFocusable(element) || hasTabIndex(element));
  }
  function isNativelyFocusable(element) {
    const tag = tagOf(element);
    if (tag === "BUTTON" || tag === "DETAILS" || tag === "SELECT" || tag === "TEXTAREA") return true;
    if (tag === "A" || tag === "AREA") return element.hasAttribute("href");
    if (tag === "INPUT") return !element.hidden;
    return false;
  }
  var kNativeControls = /* @__PURE__ */ new Set(["BUTTON", "INPUT", "SELECT", "TEXTAREA", "OPTION", "OPTGROUP"]);
  function isNativelyDisabled(element) {
    if (!kNativeControls.has(tagOf(element))) return false;
    if (element.hasAttribute("disabled")) return true;
    if (tagOf(element) === "OPTION" && element.closest("OPTGROUP[DISABLED]")) return true;
    const fieldset = element.closest("FIELDSET[DISABLED]");
    if (!fieldset) return false;
    const legend = fieldset.querySelector(":scope > LEGEND");
    return !legend || !legend.contains(element);
  }
  function hasExplicitAccessibleName(element) {
    return element.hasAttribute("aria-label") || element.hasAttribute("aria-labelledby");
  }
  function closestCrossShadow(element, css) {
    for (let e = element; e; ) {
      const found = e.closest(css);
      if (found) return found;
      let top = e;
      while (top.parentElement) top = top.parentElement;
      e = parentElementOrHost(top);
    }
    return void 0;
  }
  function isNonEmptyDataCell(element) {
    if (!element || tagOf(element) !== "TD") return false;
    return !!(element.textContent?.trim() || element.children.length > 0);
  }
  function thRole(th) {
    const scope = th.getAttribute("scope");
    if (scope === "col" || scope === "colgroup") return "columnheader";
    if (scope === "row" || scope === "rowgroup") return "rowheader";
    const next = th.nextElementSibling;
    const previous = th.previousElementSibling;
    const row = th.parentElement && tagOf(th.parentElement) === "TR" ? th.parentElement : void 0;
    if (!next && !previous) {
      if (row) {
        const table = closestCrossShadow(row, "table");
        if (table && table.rows.length <= 1) return null;
      }
      return "columnheader";
    }
    if (next && tagOf(next) === "TH" && previous && tagOf(previous) === "TH") return "columnheader";
    if (isNonEmptyDataCell(next) || isNonEmptyDataCell(previous)) return "rowheader";
    return "columnheader";
  }
  function inputRole(input) {
    const type = input.type.toLowerCase();
    if (["email", "search", "tel", "text", "url", ""].includes(type)) {
      const list = getIdRefs(input, input.getAttribute("list"))[0];
      if (list && tagOf(list) === "DATALIST") return "combobox";
      return type === "search" ? "searchbox" : "textbox";
    }
    if (type === "hidden") return null;
    if (type === "file") return "button";
    return kInputTypeRoles[type] || "textbox";
  }
  var kImplicitRoles = {
    A: (e) => e.hasAttribute("href") ? "link" : null,
    AREA: (e) => e.hasAttribute("href") ? "link" : null,
    ARTICLE: () => "article",
    ASIDE: () => "complementary",
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
    FOOTER: (e) => closestCrossShadow(e, kAncestorPreventingLandmark) ? null : "contentinfo",
    FORM: (e) => hasExplicitAccessibleName(e) ? "form" : null,
    H1: () => "heading",
    H2: () => "heading",
    H3: () => "heading",
    H4: () => "heading",
    H5: () => "heading",
    H6: () => "heading",
    HEADER: (e) => closestCrossShadow(e, kAncestorPreventingLandmark) ? null : "banner",
    HR: () => "separator",
    HTML: () => "document",
    IMG: (e) => e.getAttribute("alt") === "" && !e.getAttribute("title") && !hasPresentationConflictOnImage(e) ? "presentation" : "img",
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
    SEARCH: () => "search",
    SECTION: (e) => hasExplicitAccessibleName(e) ? "region" : null,
    SELECT: (e) => e.multiple || e.size > 1 ? "listbox" : "combobox",
    STRONG: () => "strong",
    SUB: () => "subscript",
    SUP: () => "superscript",
    SVG: () => "img",
    TABLE: () => "table",
    TBODY: () => "rowgroup",
    TD: (e) => {
      const table = closestCrossShadow(e, "table");
      const role = table ? getExplicitRole(table) : "";
      return role === "grid" || role === "treegrid" ? "gridcell" : "cell";
    },
    TEXTAREA: () => "textbox",
    TFOOT: () => "rowgroup",
    TH: thRole,
    THEAD: () => "rowgroup",
    TIME: () => "time",
    TR: () => "row",
    UL: () => "list"
  };
  function hasPresentationConflictOnImage(element) {
    return kGlobalAriaAttributes.some(([attribute]) => element.hasAttribute(attribute)) || hasTabIndex(element);
  }
  function getImplicitRole(element) {
    const implicit = kImplicitRoles[tagOf(element)]?.(element) || "";
    if (!implicit) return null;
    for (let ancestor = element; ; ) {
      const parent = parentElementOrHost(ancestor);
      const parents = kPresentationInheritance[tagOf(ancestor)];
      if (!parents || !parent || !parents.includes(tagOf(parent))) break;
      const parentRole = getExplicitRole(parent);
      if ((parentRole === "none" || parentRole === "presentation") && !hasPresentationConflictResolution(parent, parentRole))
        return parentRole;
      ancestor = parent;
    }
    return implicit;
  }

  // src/locator/visible.ts
  var hiddenCache;
  var styleVisibleCache;
  function withVisibilityCaches(fn) {
    const outer = hiddenCache;
    if (!outer) {
      hiddenCache = /* @__PURE__ */ new Map();
      styleVisibleCache = /* @__PURE__ */ new Map();
    }
    try {
      return fn();
    } finally {
      if (!outer) {
        hiddenCache = void 0;
        styleVisibleCache = void 0;
      }
    }
  }
  function openVisibilityCaches() {
    hiddenCache ??= /* @__PURE__ */ new Map();
    styleVisibleCache ??= /* @__PURE__ */ new Map();
  }
  function closeVisibilityCaches() {
    hiddenCache = void 0;
    styleVisibleCache = void 0;
  }
  function isStyleVisibilityVisible(element) {
    const cached = styleVisibleCache?.get(element);
    if (cached !== void 0) return cached;
    const result = element.checkVisibility() && getStyle(element).visibility === "visible";
    styleVisibleCache?.set(element, result);
    return result;
  }
  function isElementVisible(element) {
    const style = getStyle(element);
    if (style.display === "contents") {
      for (let child = element.firstChild; child; child = child.nextSibling) {
        if (child.nodeType === 1 && isElementVisible(child)) return true;
        if (child.nodeType === 3 && isVisibleTextNode(child)) return true;
      }
      return false;
    }
    if (!isStyleVisibilityVisible(element)) return false;
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  }
  function isVisibleTextNode(node) {
    const range = node.ownerDocument.createRange();
    range.selectNode(node);
    const rect = range.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  }
  var kIgnored = /* @__PURE__ */ new Set(["STYLE", "SCRIPT", "NOSCRIPT", "TEMPLATE"]);
  function isHiddenForRole(element) {
    if (kIgnored.has(element.nodeName)) return true;
    const style = getStyle(element);
    const isSlot = element.nodeName === "SLOT";
    if (style.display === "contents" && !isSlot) {
      for (let child = element.firstChild; child; child = child.nextSibling) {
        if (child.nodeType === 1 && !isHiddenForRole(child)) return false;
        if (child.nodeType === 3 && isVisibleTextNode(child)) return false;
      }
      return true;
    }
    const isOptionInsideSelect = element.nodeName === "OPTION" && !!element.closest("select");
    if (!isOptionInsideSelect && !isSlot && !isStyleVisibilityVisible(element)) return true;
    return isHiddenByAncestry(element);
  }
  function isHiddenByAncestry(element) {
    const cached = hiddenCache?.get(element);
    if (cached !== void 0) return cached;
    let hidden = false;
    const parent = element.parentElement;
    if (parent && parent.shadowRoot && !element.assignedSlot) hidden = true;
    if (!hidden) {
      hidden = getStyle(element).display === "none" || (element.getAttribute("aria-hidden") ?? "").toLowerCase() === "true";
    }
    if (!hidden) {
      const up = parentElementOrHost(element);
      if (up) hidden = isHiddenByAncestry(up);
    }
    hiddenCache?.set(element, hidden);
    return hidden;
  }

  // src/cacheScope.ts
  var Scope = class {
    constructor(token) {
      this.token = token;
      this.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    }
    token;
    textCache = /* @__PURE__ */ new Map();
    /** A DOM change was seen since the scope began. */
    changed = false;
    /** Watches the document for the first DOM change (then stops). */
    observer = new MutationObserver(() => {
      this.changed = true;
      this.observer.disconnect();
    });
  };
  var open = null;
  function enterCacheScope(token) {
    if (open && (open.token !== token || open.changed || open.observer.takeRecords().length > 0)) closeCacheScope();
    if (token === void 0 || open) return;
    beginWalk();
    openRoleCache();
    openVisibilityCaches();
    open = new Scope(token);
  }
  function closeCacheScope() {
    if (!open) return;
    open.observer.disconnect();
    open = null;
    closeVisibilityCaches();
    closeRoleCache();
    endWalk();
  }
  function scopeTextCache() {
    return open?.textCache;
  }

  // src/aria/roles.ts
  var kValidRoles2 = /* @__PURE__ */ new Set([
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
  var kGlobalAriaAttributes2 = [
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
  var roleCache2;
  registerWalkCache(
    () => {
      roleCache2 ??= /* @__PURE__ */ new Map();
    },
    () => {
      roleCache2 = void 0;
    }
  );
  function getRole(element) {
    const cached = roleCache2?.get(element);
    if (cached !== void 0) return cached;
    const role = computeRole2(element);
    roleCache2?.set(element, role);
    return role;
  }
  function computeRole2(element) {
    const explicit = getExplicitRole2(element);
    if (!explicit) return getImplicitRole2(element);
    if (explicit === "none" || explicit === "presentation") {
      const implicit = getImplicitRole2(element);
      if (hasPresentationConflict(element)) return implicit;
      return explicit;
    }
    return explicit;
  }
  function getExplicitRole2(element) {
    const value = element.getAttribute("role");
    if (!value) return null;
    for (const token of value.split(/[ \t\n\f\r]+/)) {
      const role = token.toLowerCase();
      if (!kValidRoles2.has(role)) continue;
      if (kRolesNeedingName.has(role) && !hasExplicitName(element)) continue;
      return kRoleSynonyms[role] ?? role;
    }
    return null;
  }
  function hasPresentationConflict(element) {
    return hasGlobalAriaAttribute(element) || isFocusable2(element);
  }
  function hasGlobalAriaAttribute(element) {
    for (const name of kGlobalAriaAttributes2) if (element.hasAttribute(name)) return true;
    return false;
  }
  function isFocusable2(element) {
    if (isNativelyDisabled2(element)) return false;
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
  function isNativelyDisabled2(element) {
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
      const explicit = getExplicitRole2(e);
      if (explicit ? roles.has(explicit) : tags.has(tagOf(e))) return true;
    }
    return false;
  }
  var kInputTypeRoles2 = {
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
  function inputRole2(input) {
    const type = input.type.toLowerCase();
    if (type === "hidden") return null;
    if (type === "text" || type === "search" || type === "email" || type === "tel" || type === "url") {
      const list = getIdRefs(input, input.getAttribute("list"))[0];
      if (list && list.localName === "datalist") return "combobox";
    }
    return kInputTypeRoles2[type] ?? "textbox";
  }
  function thRole2(th) {
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
    if (isNonEmptyDataCell2(next) || isNonEmptyDataCell2(prev)) return "rowheader";
    return "columnheader";
  }
  function isNonEmptyDataCell2(element) {
    return !!element && element.localName === "td" && (!!element.firstElementChild || !!element.textContent?.trim());
  }
  function cellRole(td) {
    const table = td.closest("table");
    const tableRole = table ? getExplicitRole2(table) : null;
    return tableRole === "grid" || tableRole === "treegrid" ? "gridcell" : "cell";
  }
  function imgRole(img) {
    if (img.getAttribute("alt") !== "") return "img";
    if ((img.getAttribute("aria-label") ?? "").trim()) return "img";
    if (getIdRefs(img, img.getAttribute("aria-labelledby")).length) return "img";
    if (isFocusable2(img)) return "img";
    return "presentation";
  }
  var kImplicitRoles2 = {
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
    INPUT: (e) => inputRole2(e),
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
    TH: thRole2,
    THEAD: () => "rowgroup",
    TIME: () => "time",
    TR: () => "row",
    UL: () => "list"
  };
  var kPresentationInheritance2 = {
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
  function getImplicitRole2(element) {
    const tag = tagOf(element);
    const implicit = kImplicitRoles2[tag]?.(element) ?? null;
    if (!implicit) return null;
    let child = element;
    for (; ; ) {
      const owners = kPresentationInheritance2[tagOf(child)];
      const parent = child.parentElement;
      if (!owners || !parent || !owners.includes(tagOf(parent))) break;
      const parentRole = getExplicitRole2(parent);
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
    if (isNativelyDisabled2(element)) return true;
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
        const instance = find2(name) ?? create(name, created);
        instance.value += value;
      }
      for (const [name, value] of parsePairs(style.counterSet, 0)) {
        const instance = find2(name) ?? create(name, created);
        instance.value = value;
      }
    };
    const find2 = (name) => {
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
    const collapsed = text.replace(/[\t\n\f\r ]+/g, " ");
    const length = collapsed.length;
    const start = length && collapsed.charCodeAt(0) === 32 ? 1 : 0;
    const end = length > start && collapsed.charCodeAt(length - 1) === 32 ? length - 1 : length;
    return start === 0 && end === length ? collapsed : collapsed.slice(start, end);
  }
  function asFlatString(text) {
    return normalizeWhitespace(text.replace(/[\u200b\u00ad]/g, ""));
  }
  function truncate(text, max) {
    if (text.length <= max) return text;
    return text.slice(0, max - 1) + "…";
  }
  function getCssContent(element, pseudo, counters = true) {
    if (!pseudo && !mayHaveElementContent(element)) return void 0;
    const style = pseudo ? getPseudoStyle(element, pseudo) : getStyle(element);
    return contentOf(element, style, pseudo, counters);
  }
  function getPseudoContentKnown(element, pseudo) {
    return contentOf(element, getPseudoStyle(element, pseudo, true), pseudo);
  }
  function contentOf(element, style, pseudo, counters = true) {
    if (!style) return void 0;
    const value = style.content;
    if (!value || value === "none" || value === "normal") return void 0;
    if (style.display === "none" || style.visibility === "hidden") return void 0;
    const text = parseContent(element, value, pseudo, counters);
    if (text === void 0 || !pseudo) return text;
    return style.display !== "inline" ? ` ${text} ` : text;
  }
  function parseContent(element, content, pseudo, counters) {
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
      else if ((token.kind === "counter" || token.kind === "counters") && pseudo && counters) {
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
  var kMaxDataValue = 40;
  var kMaxExtraAttributes = 12;
  function getTargetAttributes(element) {
    const result = getAttributes(element);
    let extra = 0;
    for (const attribute of Array.from(element.attributes)) {
      if (extra >= kMaxExtraAttributes) break;
      const name = attribute.name;
      if (name in result || names.includes(name)) continue;
      if (name.startsWith("aria-")) {
        result[name] = truncate(attribute.value, kMaxAttributeLength);
        extra++;
      } else if (name.startsWith("data-") && attribute.value.length <= kMaxDataValue) {
        result[name] = attribute.value;
        extra++;
      }
    }
    return result;
  }

  // src/shadow.ts
  var closedHosts = /* @__PURE__ */ new WeakSet();
  var closedHostCount = 0;
  var noClosedRoot = /* @__PURE__ */ new WeakMap();
  var pending = [];
  var kMaxCandidates = 500;
  function isClosedShadowHost(element) {
    return closedHosts.has(element);
  }
  function anyClosedShadowHost() {
    return closedHostCount > 0;
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
    if (!first || !kBuiltInHosts.has(element.localName) || !(first instanceof HTMLElement)) return false;
    const style = getStyle(first);
    const display = style.display;
    if (display === "none" || display === "contents" || style.position === "fixed") return false;
    return !first.checkVisibility() && getStyle(element).contentVisibility !== "hidden";
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
        if (!closedHosts.has(element)) closedHostCount++;
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
  var outsideIgnoredCache;
  registerWalkCache(
    () => {
      flagsCache ??= /* @__PURE__ */ new Map();
      outsideIgnoredCache ??= /* @__PURE__ */ new Set();
    },
    () => {
      flagsCache = void 0;
      outsideIgnoredCache = void 0;
    }
  );
  var modalCache;
  var inWalk2 = false;
  var modalIgnored = false;
  registerWalkCache(() => {
    inWalk2 = true;
  }, () => {
    inWalk2 = false;
    modalCache = void 0;
    modalIgnored = false;
  });
  function ignoreModalDialogs() {
    modalIgnored = true;
    modalCache = void 0;
  }
  function getModalScope(doc) {
    if (modalIgnored) return null;
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
      const current2 = chain[i];
      let parentFlags = i === chain.length - 1 && !flatParent(current2) ? 0 : flags;
      const owner = parentFlags & HIDDEN_ARIA ? getOwner(current2) : void 0;
      if (owner) parentFlags = parentFlags & HIDDEN_RENDER | getHiddenFlags(owner) & HIDDEN_ARIA;
      flags = computeHiddenFlags(current2, flatParent(current2), parentFlags);
      flagsCache?.set(current2, flags);
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
    if (getDisplay(element) === "none") return flags | HIDDEN_RENDER;
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
  function isRendered(element) {
    const cached = flagsCache?.get(element);
    if (cached !== void 0) return (cached & HIDDEN_RENDER) === 0;
    if (element.checkVisibility() && !inIgnoredTag(element)) return true;
    return (getHiddenFlags(element) & HIDDEN_RENDER) === 0;
  }
  function inIgnoredTag(element) {
    const climbed = [];
    for (let current2 = element; current2; current2 = flatParent(current2)) {
      if (outsideIgnoredCache?.has(current2)) break;
      if (kIgnoredTags.has(current2.localName) && isIgnoredTag(current2)) return true;
      climbed.push(current2);
    }
    if (outsideIgnoredCache) for (const outside of climbed) outsideIgnoredCache.add(outside);
    return false;
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
  var Visited = class {
    seen = /* @__PURE__ */ new Set();
    checked = [];
    added = [];
    hits = 0;
    has(element) {
      this.checked.push(element);
      if (!this.seen.has(element)) return false;
      this.hits++;
      return true;
    }
    /** Whether any of `elements` was visited (a look, not a step: nothing is logged). */
    any(elements) {
      for (const element of elements) if (this.seen.has(element)) return true;
      return false;
    }
    add(element) {
      if (this.seen.has(element)) return;
      this.seen.add(element);
      this.added.push(element);
    }
    /** Replay what reading a cached content did: its steps' checks and visits. */
    replay(cached) {
      for (const element of cached.checked) this.checked.push(element);
      for (const element of cached.added) this.add(element);
    }
  };
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
  var nameCaches;
  registerWalkCache(
    () => {
      nameCaches ??= /* @__PURE__ */ new Map();
    },
    () => {
      nameCaches = void 0;
    }
  );
  var hiddenRuleIds = /* @__PURE__ */ new WeakMap();
  var roleRuleIds = /* @__PURE__ */ new WeakMap();
  var nextHiddenRuleId = 1;
  function optionsKey(options) {
    let rule = 0;
    if (options.isHidden) {
      rule = hiddenRuleIds.get(options.isHidden) ?? 0;
      if (!rule) hiddenRuleIds.set(options.isHidden, rule = nextHiddenRuleId++);
    }
    let roles = 0;
    if (options.roleOf) {
      roles = roleRuleIds.get(options.roleOf) ?? 0;
      if (!roles) roleRuleIds.set(options.roleOf, roles = nextHiddenRuleId++);
    }
    return `${options.textTransform ?? true}|${options.counters ?? true}|${options.includeHidden ?? false}|${rule}|${roles}`;
  }
  function getAccessibleName(element, options = {}) {
    let caches2;
    if (nameCaches) {
      const key = optionsKey(options);
      caches2 = nameCaches.get(key);
      if (!caches2) nameCaches.set(key, caches2 = { names: /* @__PURE__ */ new Map(), contents: /* @__PURE__ */ new Map() });
    }
    const cached = caches2?.names.get(element);
    if (cached !== void 0) return cached;
    const name = computeAccessibleName(element, options, caches2?.contents);
    caches2?.names.set(element, name);
    return name;
  }
  function computeAccessibleName(element, options, contents) {
    if (options.roleOf) {
      if (kNameProhibitedRoles.has(options.roleOf(element) ?? "")) return "";
    } else {
      const role = getRole(element);
      if (role ? kNameProhibitedRoles.has(role) : isGenericTag(element)) return "";
    }
    return asFlatString(textAlternative(element, { visited: new Visited(), options, target: "self", contents }));
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
    const inHiddenReference = !!t.labelledBy?.hidden || !!t.label?.hidden || !!t.nativeAlternative?.hidden || !!t.options.includeHidden;
    if (isIgnoredTag(element)) {
      t.visited.add(element);
      return "";
    }
    const isHidden = hiddenRule(t);
    if (!inHiddenReference && isHidden(element)) {
      t.visited.add(element);
      if (!t.options.isHidden && t.target !== "self" && getHiddenFlags(element) === 0)
        return { element, traversal: childTraversal, finish: identity };
      return "";
    }
    const isSlot = element.localName === "slot";
    const labelledBy = isSlot ? null : getLabelledByElements(element);
    if (!t.labelledBy && labelledBy) {
      const text = labelledBy.map((ref) => textAlternative(ref, {
        visited: t.visited,
        options: t.options,
        labelledBy: { hidden: isHidden(ref) }
      })).join(" ");
      if (text.trim()) return text;
    }
    const role = roleOf(t, element) ?? "";
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
  function roleOf(t, element) {
    return t.options.roleOf ? t.options.roleOf(element) : getRole(element);
  }
  function hiddenRule(t) {
    return t.options.isHidden ?? isHiddenForAria;
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
        const listbox = role === "combobox" ? findInOwned(element, (e) => roleOf(t, e) === "listbox")[0] : element;
        selected = listbox ? findInOwned(listbox, (e) => e.getAttribute("aria-selected") === "true" && roleOf(t, e) === "option") : [];
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
    if ((tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || tag === "METER" || tag === "PROGRESS") && !hasLabelledBy) {
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
          return textAlternative(child, { ...childTraversal, nativeAlternative: { hidden: hiddenRule(t)(child) } });
      }
      const summary = element.getAttribute("summary") ?? "";
      if (summary) return summary;
      return void 0;
    }
    if (element instanceof SVGElement) {
      for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
        if (tagOf(child) === "TITLE") {
          t.visited.add(element);
          return textAlternative(child, { ...childTraversal, labelledBy: { hidden: hiddenRule(t)(child) } });
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
        return textAlternative(child, { ...childTraversal, nativeAlternative: { hidden: hiddenRule(t)(child) } });
    }
    return element.getAttribute("title") ?? "";
  }
  function labelsOf(element) {
    if (!element.id && !element.closest("label")) return [];
    const labels = element.labels;
    return labels ? Array.from(labels) : [];
  }
  function namesFromLabels(labels, t) {
    return labels.map((label) => textAlternative(label, { visited: t.visited, options: t.options, label: { hidden: hiddenRule(t)(label) } })).filter((text) => !!text).join(" ");
  }
  function isPlain(t) {
    return !t.labelledBy && !t.label && !t.nativeAlternative;
  }
  function contentCache(t) {
    return isPlain(t) ? t.contents : void 0;
  }
  function cachedContent(request) {
    const cached = contentCache(request.traversal)?.get(request.element);
    if (!cached) return void 0;
    const visited = request.traversal.visited;
    if (visited.any(cached.checked)) return void 0;
    visited.replay(cached);
    return cached.text;
  }
  function storeContent(frame, text) {
    const { element, traversal } = frame.request;
    const visited = traversal.visited;
    if (visited.hits !== frame.hitsFrom) return;
    contentCache(traversal)?.set(element, {
      text,
      checked: visited.checked.slice(frame.checkedFrom),
      added: visited.added.slice(frame.addedFrom)
    });
  }
  var kNoChildren = [];
  function accumulate(first) {
    const known = cachedContent(first);
    if (known !== void 0) return first.finish(known);
    const stack = [openContent(first, false)];
    for (; ; ) {
      const frame = stack[stack.length - 1];
      const child = nextContentChild(frame);
      if (child) {
        const padded = isBlockForName(child);
        let step = textAlternativeStep(child, frame.request.traversal);
        if (typeof step !== "string") {
          const text = cachedContent(step);
          if (text === void 0) {
            stack.push(openContent(step, padded));
            continue;
          }
          step = step.finish(text);
        }
        frame.text += padded ? " " + step + " " : step;
        continue;
      }
      stack.pop();
      const element = frame.request.element;
      const counters = frame.request.traversal.options.counters ?? true;
      const content = frame.text + (getCssContent(element, "::after", counters) ?? "");
      storeContent(frame, content);
      const value = frame.request.finish(content);
      if (!stack.length) return value;
      stack[stack.length - 1].text += frame.padded ? " " + value + " " : value;
    }
  }
  function openContent(request, padded) {
    const { element, traversal: t } = request;
    const counters = t.options.counters ?? true;
    const frame = {
      request,
      text: getCssContent(element, "::before", counters) ?? "",
      children: kNoChildren,
      index: 0,
      owned: null,
      ownedIndex: 0,
      ownTextVisible: false,
      padded,
      owners: getOwnerMap(element.ownerDocument),
      checkedFrom: t.visited.checked.length,
      addedFrom: t.visited.added.length,
      hitsFrom: t.visited.hits
    };
    const replaced = getCssContent(element, void 0, counters);
    if (replaced !== void 0) {
      frame.text += replaced;
      frame.owned = [];
      return frame;
    }
    const inHiddenReference = !!t.labelledBy?.hidden || !!t.label?.hidden || !!t.nativeAlternative?.hidden || !!t.options.includeHidden;
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
          frame.text += frame.request.traversal.options.textTransform ?? true ? transformText(textData(child), element) : textData(child);
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
    const display = getDisplay(element);
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
  var kMaybeInteractiveSelector = "a,area,audio,button,datalist,input,option,select,summary,textarea,video,[role],[tabindex],[contenteditable]";
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
    if (tagOf(element) === "OPTION" && isDropDownOption(element)) return false;
    if ((kInteractiveImplicitTags.has(tagOf(element)) || element.hasAttribute("role")) && kInteractiveRoles.has(getRole(element) ?? "")) return true;
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
  var kInteractiveImplicitTags = /* @__PURE__ */ new Set(["A", "AREA", "BUTTON", "DATALIST", "INPUT", "OPTION", "SELECT", "TEXTAREA"]);
  function isDropDownOption(option) {
    const select = option.closest("select");
    return !!select && !select.multiple && select.size <= 1;
  }
  function isWrapperItem(item) {
    const only = item.firstElementChild;
    if (!only || only.nextElementSibling || item.shadowRoot || !isInteractive(only)) return false;
    for (let child = item.firstChild; child; child = child.nextSibling)
      if (child.nodeType === 3 && child.data.trim()) return false;
    return true;
  }
  var kTargetRoles = /* @__PURE__ */ new Set([
    "heading",
    "cell",
    "gridcell",
    "columnheader",
    "rowheader",
    "row",
    "listitem",
    "banner",
    "complementary",
    "contentinfo",
    "form",
    "main",
    "navigation",
    "region",
    "search",
    "dialog",
    "alertdialog"
  ]);
  function isLocatorTarget(element, role, name) {
    if (role === "listitem") return !isWrapperItem(element);
    if (kTargetRoles.has(role)) return true;
    if (role === "img") return !!name;
    if (element.localName === "label") {
      const control = element.control;
      return !!control && element.contains(control);
    }
    return false;
  }

  // src/snapshot/hidden.ts
  var kMaxCounted = 5e4;
  var kNoteInteractive = 3;
  var kNoteTextChars = 200;
  function countRendered(root, exclude) {
    const count = { elements: 0, interactive: 0, textChars: 0 };
    const stack = [root];
    let read = 0;
    while (stack.length && read < kMaxCounted) {
      const element = stack.pop();
      read++;
      if (element === exclude || isIgnoredTag(element) || getDisplay(element) === "none") continue;
      const visible = isStyleVisible(element);
      if (visible) {
        count.elements++;
        if (isInteractive(element)) count.interactive++;
        for (let c = element.firstChild; c; c = c.nextSibling)
          if (c.nodeType === 3) count.textChars += c.data.trim().length;
      }
      if (element.localName === "svg") continue;
      const children = element.shadowRoot ? element.shadowRoot.children : element.children;
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
      if (element.shadowRoot) for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i]);
    }
    return count;
  }
  function describeElement(element) {
    let text = tagNameOf(element);
    const id = element.getAttribute("id");
    if (id && /^[A-Za-z][\w-]{0,39}$/.test(id)) text += `#${id}`;
    const classes2 = classValue(element.getAttribute("class") ?? "").replace(/…$/, "").split(" ").filter(Boolean);
    for (const name of classes2.slice(0, 2)) if (/^[A-Za-z_-][\w-]*$/.test(name)) text += `.${name}`;
    return text;
  }
  function hiddenReason(element) {
    if ((element.getAttribute("aria-hidden") ?? "").toLowerCase() === "true") return "aria-hidden";
    if (element.hasAttribute("inert")) return "inert";
    return "modal";
  }

  // src/snapshot/tree.ts
  var kMaxNameLength = 150;
  function isNode(item) {
    return "role" in item;
  }
  function isText(item) {
    return "text" in item;
  }
  var kNoValueInputTypes = /* @__PURE__ */ new Set(["checkbox", "radio", "file", "hidden", "button", "submit", "reset", "image"]);
  var WalkBudgetExceeded = class extends Error {
  };
  var kClockEvery = 64;
  function buildTree(root, refs2, options) {
    const builder = new TreeBuilder(root, refs2, options.deadline);
    return builder.build(options.keepRoot, !!options.behindModal);
  }
  var TreeBuilder = class {
    constructor(root, refs2, deadline) {
      this.root = root;
      this.refs = refs2;
      this.deadline = deadline;
      const doc = root.ownerDocument;
      this.active = deepActiveElement(doc);
      this.ownedBy = getOwnerMap(doc);
    }
    root;
    refs;
    deadline;
    active;
    /** Elements taken out of their DOM place by an aria-owns elsewhere, mapped to their owner. */
    ownedBy;
    visitedOwned = /* @__PURE__ */ new Set();
    /** Set by nextChild for the element it returns. */
    nextFlags = 0;
    nextPseudo = "none";
    /** Elements entered so far (counted only when there is a deadline). */
    entered = 0;
    build(keepRoot, behindModal) {
      const fragment = { node: { role: "fragment", name: "", children: [] }, fullName: "", tokens: [] };
      const modal = keepRoot || behindModal ? null : getModalScope(this.root.ownerDocument)?.dialog ?? findAriaModal(this.root, this.active);
      if (modal) fragment.tokens.push({ modal: this.modalNote(modal) });
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
          if (this.deadline !== void 0 && ++this.entered % kClockEvery === 0 && performance.now() > this.deadline)
            throw new WalkBudgetExceeded();
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
      const open2 = selfVisible && !containerOnly ? this.openNode(element, isRoot) : null;
      const target = open2 ?? parent;
      const display = getDisplay(element);
      const block = !containerOnly && (display !== "inline" && display !== "contents" || element.localName === "br");
      if (block) parent.tokens.push(" ");
      const frame = {
        element,
        parent,
        open: open2,
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
          if (frame.showText) frame.target.tokens.push(transformText(textData(child), element));
        } else if (child.nodeType === 1) {
          const childElement = child;
          if (this.ownedBy.size && this.ownedBy.has(childElement) && this.ownedBy.get(childElement) !== element) continue;
          if (frame.closedDetails && !isDetailsSummary(element, childElement)) continue;
          const childFlags = computeHiddenFlags(childElement, element, frame.flags, true);
          setHiddenFlags(childElement, childFlags);
          if (childFlags !== 0) {
            if (childFlags === HIDDEN_ARIA && !(frame.flags & HIDDEN_ARIA)) this.noteHidden(frame.target, childElement);
            continue;
          }
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
      const { open: open2, parent, block } = frame;
      if (frame.after) {
        const after = getPseudoContentKnown(frame.element, "::after");
        if (after) frame.target.tokens.push(after);
      }
      if (frame.containerOnly) return;
      if (open2) {
        this.close(open2);
        const node = open2.node;
        if (!frame.isRoot && isCollapsible(node)) {
          for (const child of node.children) parent.tokens.push(isText(child) ? child.text : child);
        } else if (!frame.isRoot && isEmptyLeaf(node)) {
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
      if (interactive || isLocatorTarget(element, shownRole, fullName) || this.refs.numberOf(element) !== void 0) {
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
    /**
     * Notes a rendered subtree left out of the accessibility tree (`aria-hidden`, `inert`, behind a
     * modal), when it holds an interactive element or some text; a run of such siblings is one note.
     */
    noteHidden(target, element) {
      if (!isStyleVisible(element) && !element.firstElementChild) return;
      const count = countRendered(element);
      if (count.interactive < kNoteInteractive && count.textChars < kNoteTextChars) return;
      const reason = hiddenReason(element);
      const tokens = target.tokens;
      let last = tokens.length - 1;
      while (last >= 0 && typeof tokens[last] === "string" && !tokens[last].trim()) last--;
      const previous = last >= 0 ? tokens[last] : void 0;
      if (previous && typeof previous !== "string" && "hidden" in previous && previous.hidden.reason === reason) {
        tokens.length = last + 1;
        previous.hidden.subtrees++;
        previous.hidden.elements += count.elements;
        previous.hidden.interactive += count.interactive;
        return;
      }
      tokens.push({ hidden: {
        reason,
        element: describeElement(element),
        subtrees: 1,
        elements: count.elements,
        interactive: count.interactive
      } });
    }
    /** The note of a page snapshot limited to a modal dialog: the dialog (given a ref) and what it hides. */
    modalNote(dialog) {
      const doc = dialog.ownerDocument;
      const role = getRole(dialog) ?? "dialog";
      const name = truncate(normalizeWhitespace(getAccessibleName(dialog)), kMaxNameLength);
      const ref = this.refs.ensure(dialog);
      this.refs.remember(ref, role, name);
      const top = doc.body ?? doc.documentElement;
      const count = countRendered(top, dialog);
      for (let up = flatParent(dialog); up; up = up === top ? null : flatParent(up))
        if (isStyleVisible(up) && getDisplay(up) !== "none") count.elements--;
      return { role, name, ref, elements: Math.max(0, count.elements), interactive: count.interactive };
    }
    /** Joins raw text tokens into normalized text lines and finalizes the node's children. */
    close(open2) {
      const children = [];
      let buffer = "";
      const flush = () => {
        const text = normalizeWhitespace(buffer);
        if (text) children.push({ text });
        buffer = "";
      };
      for (const token of open2.tokens) {
        if (typeof token === "string") {
          buffer += token;
        } else {
          flush();
          children.push(token);
        }
      }
      flush();
      const node = open2.node;
      const only = children.length === 1 ? children[0] : void 0;
      if (only && isText(only) && (only.text === open2.fullName || node.value !== void 0 && only.text === node.value))
        node.children = [];
      else node.children = children;
      if (node.name && node.children.some(isNode) && contentEquals(node.children, node.value, open2.fullName))
        node.name = "";
      if (open2.fullName) node.content = open2.fullName;
    }
  };
  function findAriaModal(root, active) {
    const candidates2 = root.querySelectorAll("[aria-modal]");
    for (let i = candidates2.length - 1; i >= 0; i--) {
      const element = candidates2[i];
      if ((element.getAttribute("aria-modal") ?? "").toLowerCase() !== "true") continue;
      const role = getRole(element);
      if (role !== "dialog" && role !== "alertdialog") continue;
      if (getHiddenFlags(element) !== 0 || !isStyleVisible(element)) continue;
      if (!isRealModal(element)) continue;
      const doc = element.ownerDocument;
      const focusOutside = !!active && active !== doc.body && active !== doc.documentElement && !containsComposed(element, active);
      if (focusOutside) continue;
      return element;
    }
    return null;
  }
  function isRealModal(element) {
    if (kNativeControls2.has(element.localName)) return false;
    if (element.localName === "a" && element.hasAttribute("href")) return false;
    if (!hasBox(element)) return false;
    const text = normalizeWhitespace(element.textContent ?? "");
    return !!text || !!element.querySelector(kFocusableSelector);
  }
  var kNativeControls2 = /* @__PURE__ */ new Set(["button", "input", "select", "textarea", "summary", "option", "img", "iframe"]);
  var kFocusableSelector = "a[href], button, input:not([type=hidden]), select, textarea, [tabindex], [contenteditable]";
  function hasBox(element) {
    if (getDisplay(element) === "contents") {
      for (let c = element.firstElementChild; c; c = c.nextElementSibling) if (hasBox(c)) return true;
      return false;
    }
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  }
  function contentEquals(children, value, expected) {
    const parts = [];
    let length = -1;
    for (let i = -1; i < children.length; i++) {
      const part = i < 0 ? value ? normalizeWhitespace(value) : "" : partOf(children[i]);
      if (!part) continue;
      parts.push(part);
      length += part.length + 1;
      if (length > expected.length) return false;
    }
    return parts.join(" ") === expected;
  }
  function partOf(child) {
    if (isText(child)) return child.text;
    return isNode(child) ? contentOfNode(child) : "";
  }
  function contentOfNode(node) {
    if (node.content !== void 0) return node.content;
    const parts = [];
    if (node.value) parts.push(normalizeWhitespace(node.value));
    for (const child of node.children) {
      const part = partOf(child);
      if (part) parts.push(part);
    }
    node.content = parts.filter(Boolean).join(" ");
    return node.content;
  }
  function isEmptyLeaf(node) {
    return !node.children.length && !node.name && node.ref === void 0 && node.url === void 0 && node.value === void 0 && !node.closedShadow && !node.active && !node.disabled && !node.checked && !node.expanded && !node.pressed && !node.selected && !node.level;
  }
  function isCollapsible(node) {
    return node.role === "generic" && !node.name && node.ref === void 0 && node.children.length <= 1 && !node.active && !node.disabled && !node.checked && !node.expanded && !node.pressed && !node.selected;
  }
  function isInlineTextOnly(element) {
    const first = element.firstChild;
    return !!first && first.nodeType === 3 && !first.nextSibling && !element.shadowRoot && getDisplay(element) === "inline";
  }
  function isValueControl(element) {
    return element.localName === "textarea" || element.localName === "input";
  }
  function controlValue(element) {
    const tag = tagOf(element);
    if (tag !== "TEXTAREA" && tag !== "INPUT") return void 0;
    const field = element;
    if (tag === "INPUT" && kNoValueInputTypes.has(field.type)) return void 0;
    if (isSecretField(element)) return field.value ? "••••" : void 0;
    return field.value;
  }

  // src/structure/tree.ts
  function getAncestors(element) {
    const result = [];
    let current2 = element;
    for (; ; ) {
      let parent = current2.parentElement;
      let shadowHost = false;
      if (!parent) {
        const node = current2.parentNode;
        if (node && node.nodeType === 11 && node.host) {
          parent = node.host;
          shadowHost = true;
        }
      }
      if (!parent || parent.localName === "body" || parent.localName === "html") break;
      result.push({ element: parent, shadowHost });
      current2 = parent;
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
    return isRendered(element) && isStyleVisible(element);
  }
  function isVisibleInteractive(element) {
    return isInteractiveKind(element) && isVisible(element) && getStyle(element).pointerEvents !== "none";
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
  function walkStructure(root, enter, leave) {
    const stack = [];
    const push = (element) => {
      const shadow = element.shadowRoot;
      const first = shadow?.firstElementChild ?? null;
      stack.push(first ? { element, next: first, inShadow: true } : { element, next: element.firstElementChild, inShadow: false });
    };
    push(root);
    while (stack.length) {
      const frame = stack[stack.length - 1];
      const child = frame.next;
      if (!child) {
        if (frame.inShadow) {
          frame.inShadow = false;
          frame.next = frame.element.firstElementChild;
          continue;
        }
        stack.pop();
        if (stack.length) leave(frame.element);
        continue;
      }
      frame.next = child.nextElementSibling;
      if (!frame.next && frame.inShadow) {
        frame.inShadow = false;
        frame.next = frame.element.firstElementChild;
      }
      enter(child);
      push(child);
    }
  }
  function collectRefs(refs2, root, max) {
    const found = [];
    let total = 0;
    walkRendered(root, (element) => {
      if (isInteractive(element) && isStyleVisible(element)) {
        total++;
        if (found.length < max) found.push(refs2.label(refs2.ensure(element)));
      }
    });
    return { refs: found, omitted: total - found.length };
  }
  function directText(element) {
    let text = "";
    for (let c = element.firstChild; c; c = c.nextSibling) if (c.nodeType === 3) text += textData(c);
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
        if (frame.assigned || isStyleVisible(frame.parent)) text += textData(child);
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
      if (!isVisible(element) || !hasBox2(element))
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
  function hasBox2(element) {
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

  // src/actions/hitTarget.ts
  var kPressEvents = ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "auxclick", "dblclick", "contextmenu"];
  var kGuardLifetime = 1e4;
  var current = null;
  function armHitTarget(refs2, ref) {
    const element = refs2.resolve(ref);
    const view = element.ownerDocument.defaultView;
    if (!view) throw new BridgeError("ref-detached", `${refs2.label(ref)} is in a document without a window`);
    current?.remove();
    const events = kPressEvents;
    const guard = { element, hit: null, events: 0, blocked: false, remove: () => void 0 };
    const listener = (event) => {
      if (!event.isTrusted) return;
      guard.events++;
      if (guard.events === 1) {
        const path = event.composedPath();
        const first = path[0];
        guard.hit = first && first.nodeType === 1 ? first : null;
        guard.blocked = !guard.hit || !(receivesHit(element, guard.hit) || isClosedHostOf(guard.hit, element));
      }
      if (guard.blocked) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    };
    const options = { capture: true };
    for (const type of events) view.addEventListener(type, listener, options);
    const expiry = setTimeout(() => guard.remove(), kGuardLifetime);
    guard.remove = () => {
      for (const type of events) view.removeEventListener(type, listener, options);
      clearTimeout(expiry);
      if (current === guard) current = null;
    };
    current = guard;
    return { armed: true };
  }
  function hitTargetVerdict(refs2, disarm) {
    const guard = current;
    if (!guard) return { events: 0, landed: "gone" };
    if (disarm) guard.remove();
    if (!guard.events) return { events: 0, landed: "none" };
    if (!guard.blocked) return { events: guard.events, landed: "target" };
    return { events: guard.events, landed: "other", hitBy: guard.hit ? describeHit(refs2, guard.hit) : null };
  }
  function isClosedHostOf(host, element) {
    let node = element;
    for (let root = node.getRootNode(); root instanceof ShadowRoot; root = node.getRootNode()) {
      if (root.host === host) return root.mode === "closed";
      node = root.host;
    }
    return false;
  }
  function describeHit(refs2, hit) {
    beginWalk();
    try {
      const described2 = {
        tagName: tagNameOf(hit),
        attributes: getAttributes(hit),
        text: visibleText(hit, 100)
      };
      if (isVisibleInteractive(hit)) described2.ref = refs2.label(refs2.ensure(hit));
      return described2;
    } finally {
      endWalk();
    }
  }

  // src/actions/box.ts
  function elementBox(refs2, ref, scroll = false) {
    const element = refs2.resolve(ref);
    let role;
    let name;
    beginWalk();
    try {
      const rect2 = element.getBoundingClientRect();
      if (!isVisible(element) || rect2.width <= 0 || rect2.height <= 0)
        throw notActionable(element, "hidden", `${refs2.label(ref)} is not visible (hidden, display:none, or zero size)`);
      ({ role, name } = describeRole(element));
    } finally {
      endWalk();
    }
    if (scroll || !isWhollyInView(element)) element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    const rect = element.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height, tagName: tagNameOf(element), role, name };
  }
  function isWhollyInView(element) {
    const rect = element.getBoundingClientRect();
    const view = element.ownerDocument.defaultView;
    if (!view) return true;
    return rect.top >= 0 && rect.left >= 0 && rect.bottom <= view.innerHeight && rect.right <= view.innerWidth;
  }

  // src/actions/describe.ts
  var MIN_WORD_FRACTION = 0.5;
  var kCandidateSelector = "a, button, input, [role=button], select, textarea, label, [onclick], [href]";
  var kMaxReturned = 5;
  var kMaxText = 1e3;
  var kShortWord = 2;
  var kActions2 = /* @__PURE__ */ new Set(["click", "hover", "type", "select"]);
  var kTextFields = /* @__PURE__ */ new Set(["INPUT", "TEXTAREA"]);
  function describe(refs2, description, action) {
    if (!kActions2.has(action))
      throw new BridgeError("bad-args", `action must be one of click, hover, type, select; got ${JSON.stringify(action)}`);
    const wanted = normalize(description);
    if (!wanted) throw new BridgeError("bad-args", "the description is empty");
    beginWalk();
    try {
      return { css: cssMatches(refs2, description), candidates: scoreCandidates(refs2, wanted, action) };
    } finally {
      endWalk();
    }
  }
  function cssMatches(refs2, selector) {
    let found;
    try {
      found = document.querySelectorAll(selector);
    } catch (error) {
      if (error instanceof DOMException && error.name === "SyntaxError")
        return { valid: false, count: 0, hidden: 0, matches: [] };
      throw error;
    }
    const matches = [];
    let count = 0;
    let hidden = 0;
    for (const element of Array.from(found)) {
      if (!isShown(element)) {
        hidden++;
        continue;
      }
      count++;
      if (matches.length < kMaxReturned) matches.push(described(refs2, element));
    }
    return { valid: true, count, hidden, matches };
  }
  function scoreCandidates(refs2, wanted, action) {
    const words = wordsOf(wanted);
    const scored = [];
    let order = 0;
    walkRendered(document.documentElement, (element) => {
      if (!isCandidate(element, action) || !isShown(element)) return;
      const texts = [normalize(getAccessibleName(element)), normalize(visibleText(element, kMaxText))].filter(Boolean);
      const match = scoreOf(texts, wanted, words);
      if (match) scored.push({ element, ...match, order: order++ });
    });
    scored.sort((a, b) => rank(a) - rank(b) || b.score - a.score || a.order - b.order);
    return scored.slice(0, kMaxReturned).map(({ element, reason, score }) => ({ ...described(refs2, element), reason, score }));
  }
  function rank(match) {
    return match.reason === "exact" ? 0 : 1;
  }
  function scoreOf(texts, wanted, words) {
    if (texts.some((text) => text === wanted)) return { reason: "exact", score: 3 };
    if (texts.some((text) => text.includes(wanted))) return { reason: "contains", score: 3 };
    if (texts.some((text) => text.length > kShortWord && wanted.includes(text))) return { reason: "contained", score: 2 };
    if (!words.length) return null;
    const own = new Set(texts.flatMap(wordsOf));
    const fraction = words.filter((word) => own.has(word)).length / words.length;
    return fraction >= MIN_WORD_FRACTION ? { reason: "words", score: fraction } : null;
  }
  function isCandidate(element, action) {
    if (action === "type") return isEditable(element) && (kTextFields.has(tagOf(element)) || isEditingHost(element));
    if (action === "select") return tagOf(element) === "SELECT";
    return element.matches(kCandidateSelector) || kInteractiveRoles.has(getRole(element) ?? "");
  }
  function isShown(element) {
    if (!isVisible(element)) return false;
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  }
  function described(refs2, element) {
    const ref = refs2.ensure(element);
    const { role, name } = describeRole(element);
    refs2.remember(ref, role, name);
    return { ref: refs2.label(ref), tagName: tagNameOf(element), role, name };
  }
  function normalize(text) {
    return normalizeWhitespace(text).toLowerCase();
  }
  function wordsOf(text) {
    return [...new Set(text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > kShortWord))];
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
  function focusedElement(refs2) {
    const active = deepActiveElement(document);
    if (!active || active === document.body || active === document.documentElement) return { ref: null, number: null, frame: false };
    const number = refs2.ensure(active);
    const tag = tagOf(active);
    return { ref: refs2.label(number), number, frame: tag === "IFRAME" || tag === "FRAME" };
  }

  // src/actions/state.ts
  var kMaxText2 = 4e3;
  function elementState(refs2, ref, attribute, scroll) {
    const element = refs2.resolve(ref);
    beginWalk();
    try {
      const rect = element.getBoundingClientRect();
      const visible = isVisible(element) && rect.width > 0 && rect.height > 0;
      let inViewport = visible && intersectsViewport(element);
      let scrolled = false;
      if (scroll && visible && !inViewport) {
        element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
        scrolled = true;
        inViewport = intersectsViewport(element);
      }
      const disabled = getDisabled(element);
      const tag = tagOf(element);
      const state = {
        tagName: tagNameOf(element),
        ...describeRole(element),
        visible,
        inViewport,
        scrolled,
        enabled: !disabled,
        text: truncate(normalizeWhitespace(element instanceof HTMLElement ? element.innerText : element.textContent ?? ""), kMaxText2),
        secret: isSecretField(element),
        states: {
          checked: getChecked(element),
          disabled,
          expanded: getExpanded(element) ?? null,
          pressed: getPressed(element),
          selected: getSelected(element)
        }
      };
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT")
        state.value = truncate(element.value, kMaxText2);
      if (attribute !== void 0) state.attribute = element.getAttribute(attribute);
      return state;
    } finally {
      endWalk();
    }
  }
  function intersectsViewport(element) {
    const rect = element.getBoundingClientRect();
    const view = element.ownerDocument.defaultView;
    if (!view) return true;
    return rect.bottom > 0 && rect.right > 0 && rect.top < view.innerHeight && rect.left < view.innerWidth;
  }

  // src/snapshot/render.ts
  var kMaxLineText = 100;
  var kMaxUrl = 100;
  function renderTree(root, refs2, options) {
    const lines = [];
    const maxDepth = options.depth !== void 0 && options.depth >= 0 ? options.depth : Infinity;
    const visit = (item, indent) => {
      if (isText(item)) {
        lines.push({ text: `${indent}- text: ${yamlValue(truncate(item.text, kMaxLineText))}`, node: false, iframe: false });
        return void 0;
      }
      if (!isNode(item)) {
        lines.push({ text: `${indent}- … ${noteText(item, refs2)}`, node: false, iframe: false });
        return void 0;
      }
      let line = `${indent}- ${item.role}`;
      if (item.name) line += " " + quote(item.name);
      line += stateSuffix(item);
      if (item.ref !== void 0) line += ` [ref=${refs2.label(item.ref)}]`;
      const props = [];
      if (item.url !== void 0) props.push(`${indent}  - /url: ${yamlValue(truncate(item.url, kMaxUrl))}`);
      if (item.closedShadow) props.push(`${indent}  - … closed shadow root`);
      const children = item.children;
      const only = children.length === 1 ? children[0] : void 0;
      const onlyText = only && isText(only) ? only.text : void 0;
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
        if (!isNode(child)) continue;
        if (child.url !== void 0) count++;
        if (child.closedShadow) count++;
        const inline = child.url === void 0 && !child.closedShadow && child.children.length === 1 && isText(child.children[0]);
        if (!inline) pending2.push(child.children);
      }
    }
    return count;
  }
  function noteText(item, refs2) {
    if ("modal" in item) return modalText(item.modal, refs2);
    return hiddenText(item.hidden);
  }
  function modalText(modal, refs2) {
    const name = modal.name ? ` ${JSON.stringify(modal.name)}` : "";
    return `modal ${modal.role}${name} [ref=${refs2.label(modal.ref)}] hides ${modal.elements} elements of the page (${modal.interactive} interactive); behindModal: true shows them`;
  }
  function hiddenText(run2) {
    const what = run2.subtrees > 1 ? `${run2.element} and ${run2.subtrees - 1} more sibling(s)` : run2.element;
    const locators = run2.reason === "aria-hidden" ? "getByRole finds them only with includeHidden: true" : run2.reason === "inert" ? "inert: they take no focus or clicks" : "inert behind the modal dialog";
    return `${run2.reason === "modal" ? "behind a modal" : run2.reason} ${what}: ${run2.elements} elements (${run2.interactive} interactive) not shown; ${locators}`;
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
  var kInvisible = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
  function quote(text) {
    return JSON.stringify(text).replace(kInvisible, (ch) => "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0"));
  }
  var kNeedsQuotes = /^$|^\s|\s$|^[-?:,[\]{}#&*!|>'"%@`]|: |:$| #|^(true|false|null|yes|no|on|off|~)$|^[-+]?(\d[\d_]*\.?\d*|\.\d+)([eE][-+]?\d+)?$|[\u0000-\u001f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/i;
  function yamlValue(text) {
    return kNeedsQuotes.test(text) ? quote(text) : text;
  }

  // src/snapshot/index.ts
  function snapshot(doc, refs2, args, deadline) {
    const rootElement = args.root !== void 0 ? refs2.resolve(args.root) : doc.body ?? doc.documentElement;
    const loading = doc.readyState === "loading";
    if (!rootElement) return { text: "", refCount: 0, nodeCount: 0, truncated: null, iframes: [], unknownHosts: 0, loading };
    beginWalk();
    beginCandidates();
    if (args.behindModal) ignoreModalDialogs();
    try {
      const tree = buildTree(
        rootElement,
        refs2,
        { keepRoot: args.root !== void 0, behindModal: !!args.behindModal, deadline }
      );
      const rendered = renderTree(tree, refs2, { depth: args.depth, maxChars: args.maxChars, rootIsNode: args.root !== void 0 });
      return { ...rendered, unknownHosts: unknownHostCount(), loading };
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
      const { ancestors, container } = ancestorAt(target, level);
      const path = /* @__PURE__ */ new Set([target, ...ancestors.slice(0, level - 1).map((a) => a.element)]);
      const descendants = [];
      let omitted = 0;
      const indexOf = /* @__PURE__ */ new Map();
      const index = (element, parent) => {
        if (!indexOf.has(element)) flatChildren(parent).forEach((c, i) => indexOf.set(c, i));
        return indexOf.get(element) ?? 0;
      };
      const parents = [container];
      let run2;
      walkRendered(container, (element, depth2) => {
        parents.length = depth2;
        parents.push(element);
        if (!isVisible(element)) return true;
        const onPath = path.has(element);
        if (!onPath && (depth2 > kMaxAnchorDepth || descendants.length >= kMaxAnchors)) {
          omitted++;
          return element.namespaceURI !== "http://www.w3.org/2000/svg";
        }
        const parent = parents[depth2 - 1];
        const hidden = isHiddenFromTree(element) ? depth2 === 1 || !isHiddenFromTree(parent) ? "top" : "inside" : false;
        const entry = describe2(refs2, element, depth2, index(element, parent), hidden);
        if (parent.localName === "slot" && element.assignedSlot) entry.slotted = true;
        const leaf = entry.ref === void 0 && !onPath && isLeaf(element);
        const key = leaf ? runKey(entry) : "";
        const last = descendants[descendants.length - 1];
        if (run2 && leaf && run2.entry === last && run2.parent === parent && run2.key === key && run2.entry.index + (run2.entry.count ?? 1) === entry.index) {
          run2.entry.count = (run2.entry.count ?? 1) + 1;
        } else {
          descendants.push(entry);
          run2 = leaf ? { entry, key, parent } : void 0;
        }
        return tagOf(element) !== "SVG";
      }, void 0, true);
      const result = {
        ancestorAt: { level, tagName: tagNameOf(container), attributes: getAttributes(container) },
        descendants
      };
      const own = directText(container);
      if (own) result.ancestorAt.directText = truncate(own, kMaxAnchorText);
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
  function describe2(refs2, element, depth2, index, hidden) {
    const entry = { depth: depth2, index, tagName: tagNameOf(element), attributes: getAttributes(element) };
    if (isClosedShadowHost(element)) entry.closedShadowRoot = true;
    const known = refs2.numberOf(element);
    if (known !== void 0 || isVisibleInteractive(element)) entry.ref = refs2.label(known ?? refs2.ensure(element));
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
        target: {
          ref: refs2.label(ref),
          tagName: tagNameOf(target),
          ...targetRole(target),
          text: visibleText(target, kMaxTargetText),
          attributes: getTargetAttributes(target)
        },
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
    if (!chain.length) return /* @__PURE__ */ new Map();
    return flatInteractiveRanges(chain) ?? walkedInteractiveRanges(chain);
  }
  var kPreceding = 2;
  var kFollowing = 4;
  var kContainedBy = 16;
  function flatInteractiveRanges(chain) {
    const top = chain[chain.length - 1];
    if (anyClosedShadowHost() || top.shadowRoot) return null;
    const all = top.getElementsByTagName("*");
    for (let i = 0; i < all.length; i++) if (all[i].shadowRoot) return null;
    const found = [];
    const candidates2 = top.querySelectorAll(kMaybeInteractiveSelector);
    for (let i = 0; i < candidates2.length; i++) {
      const element = candidates2[i];
      if (isVisibleInteractive(element)) found.push(element);
    }
    const result = /* @__PURE__ */ new Map();
    for (const member of chain) {
      if (member === top) continue;
      const start = firstIndex(found, (e) => (member.compareDocumentPosition(e) & kPreceding) === 0);
      const end = firstIndex(found, (e) => {
        const position = member.compareDocumentPosition(e);
        return (position & kFollowing) !== 0 && (position & kContainedBy) === 0;
      });
      result.set(member, found.slice(start, Math.max(start, end)));
    }
    result.set(top, found);
    return result;
  }
  function firstIndex(items, test) {
    let low = 0;
    let high = items.length;
    while (low < high) {
      const middle = low + high >> 1;
      if (test(items[middle])) high = middle;
      else low = middle + 1;
    }
    return low;
  }
  function walkedInteractiveRanges(chain) {
    const result = /* @__PURE__ */ new Map();
    const top = chain[chain.length - 1];
    const members = new Set(chain);
    const found = [];
    const starts = /* @__PURE__ */ new Map();
    walkStructure(top, (element) => {
      if (members.has(element)) starts.set(element, found.length);
      if (isVisibleInteractive(element)) found.push(element);
    }, (element) => {
      if (members.has(element)) result.set(element, found.slice(starts.get(element) ?? found.length));
    });
    result.set(top, found);
    return result;
  }

  // src/locator/text.ts
  function normalizeWhiteSpace(text) {
    return text.replace(/[\u200b\u00ad]/g, "").trim().replace(/\s+/g, " ");
  }
  function shouldSkipForTextMatching(element) {
    const name = element.nodeName;
    const head = element.ownerDocument.head;
    return name === "SCRIPT" || name === "NOSCRIPT" || name === "STYLE" || !!head && head.contains(element);
  }
  var kEmpty = { full: "", normalized: "", immediate: [] };
  function elementText(cache, root) {
    let value = cache.get(root);
    if (value !== void 0) return value;
    value = { full: "", normalized: "", immediate: [] };
    if (root.nodeType === 1 && shouldSkipForTextMatching(root)) {
      value = kEmpty;
    } else if (isButtonLikeInput(root)) {
      const input = root;
      value = { full: input.value, normalized: normalizeWhiteSpace(input.value), immediate: [input.value] };
    } else {
      let current2 = "";
      for (let child = root.firstChild; child; child = child.nextSibling) {
        if (child.nodeType === 3) {
          value.full += child.nodeValue || "";
          current2 += child.nodeValue || "";
        } else if (child.nodeType === 8) {
          continue;
        } else {
          if (current2) value.immediate.push(current2);
          current2 = "";
          if (child.nodeType === 1) value.full += elementText(cache, child).full;
        }
      }
      if (current2) value.immediate.push(current2);
      const shadow = root.nodeType === 1 ? root.shadowRoot : null;
      if (shadow) value.full += elementText(cache, shadow).full;
      if (value.full) value.normalized = normalizeWhiteSpace(value.full);
    }
    cache.set(root, value);
    return value;
  }
  function isButtonLikeInput(node) {
    if (node.nodeType !== 1 || node.localName !== "input") return false;
    const type = node.type;
    return type === "submit" || type === "button" || type === "reset";
  }
  function elementMatchesText(cache, element, matcher) {
    if (shouldSkipForTextMatching(element)) return "none";
    if (!matcher(elementText(cache, element))) return "none";
    for (let child = element.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 1 && matcher(elementText(cache, child))) return "selfAndChildren";
    }
    if (element.shadowRoot && matcher(elementText(cache, element.shadowRoot))) return "selfAndChildren";
    return "self";
  }
  function compileRegex(source, flags, at) {
    try {
      return new RegExp(source, flags);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new BridgeError("bad-locator", `invalid regular expression /${source}/${flags}: ${reason}`, { at });
    }
  }
  function textArgMatcher(arg, exact, at) {
    if (arg.regex !== void 0) {
      const re = compileRegex(arg.regex, arg.flags, at);
      return { kind: "regex", matcher: (text) => {
        re.lastIndex = 0;
        return re.test(text.full);
      } };
    }
    const wanted = normalizeWhiteSpace(arg.string);
    if (exact) return { kind: "strict", matcher: (text) => text.normalized === wanted };
    const lower = wanted.toLowerCase();
    return { kind: "lax", matcher: (text) => text.normalized.toLowerCase().includes(lower) };
  }
  function legacyTextMatcher(selector, at) {
    if (selector[0] === "/" && selector.lastIndexOf("/") > 0) {
      const last = selector.lastIndexOf("/");
      const re = compileRegex(selector.substring(1, last), selector.substring(last + 1), at);
      return { kind: "regex", matcher: (text) => {
        re.lastIndex = 0;
        return re.test(text.full);
      } };
    }
    let strict = false;
    if (selector.length > 1 && (selector[0] === '"' && selector[selector.length - 1] === '"' || selector[0] === "'" && selector[selector.length - 1] === "'")) {
      selector = cssUnquote(selector);
      strict = true;
    }
    const wanted = normalizeWhiteSpace(selector);
    if (strict) {
      return {
        kind: "strict",
        matcher: (text) => {
          if (!wanted && !text.immediate.length) return true;
          return text.immediate.some((s) => normalizeWhiteSpace(s) === wanted);
        }
      };
    }
    const lower = wanted.toLowerCase();
    return { kind: "lax", matcher: (text) => text.normalized.toLowerCase().includes(lower) };
  }
  function cssUnquote(s) {
    s = s.substring(1, s.length - 1);
    if (!s.includes("\\")) return s;
    const out = [];
    for (let i = 0; i < s.length; i++) {
      if (s[i] === "\\" && i + 1 < s.length) i++;
      out.push(s[i]);
    }
    return out.join("");
  }

  // src/structure/patterns.ts
  var kMaxSiblings = 30;
  var kMaxTexts = 3;
  var kMaxTextsApart = 8;
  var kMaxTextLength = 60;
  var kMaxTextsRead = 40;
  var kMaxWholeText = 200;
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
      let previousOutline = "";
      const texts = siblingTexts(indices.map((index) => children[index]));
      const result = {
        ancestorLevel: level,
        containerAt: { tagName: tagNameOf(container), attributes: getAttributes(container) },
        targetSiblingIndex: targetIndex,
        siblings: indices.map((index, position) => {
          const sibling = children[index];
          const found = collectRefs(refs2, sibling, kMaxRefsPerContainer);
          const shape = outline(sibling);
          const key = JSON.stringify(shape);
          const same = key === previousOutline;
          previousOutline = key;
          const entry = {
            index,
            tagName: tagNameOf(sibling),
            attributes: getAttributes(sibling),
            containsText: texts[position],
            outline: same ? "same" : shape,
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
  function siblingTexts(siblings) {
    const cache = /* @__PURE__ */ new Map();
    const all = siblings.map((sibling) => ({
      texts: textsInOrder(sibling),
      whole: elementText(cache, sibling).normalized.toLowerCase()
    }));
    return all.map((mine, i) => {
      const kept = /* @__PURE__ */ new Set();
      for (let t = 0; t < mine.texts.length && kept.size < kMaxTexts; t++) kept.add(t);
      for (let j = 0; j < all.length && kept.size < kMaxTextsApart; j++) {
        if (j === i) continue;
        const other = all[j];
        const apart = (t) => !other.whole.includes(mine.texts[t].toLowerCase());
        if ([...kept].some(apart)) continue;
        const next = mine.texts.findIndex((_text, t) => !kept.has(t) && apart(t));
        if (next >= 0) kept.add(next);
      }
      return [...kept].sort((a, b) => a - b).map((t) => truncate(mine.texts[t], kMaxTextLength));
    });
  }
  function textsInOrder(root) {
    if (!isVisible(root)) return [];
    if (isHeading(root)) return [visibleText(root, kMaxWholeText)].filter(Boolean);
    const texts = [];
    const add = (run2) => {
      const text = normalizeWhitespace(run2);
      if (text && !texts.includes(text)) texts.push(text);
    };
    let budget = kTextWalkBudget;
    const stack = [
      { nodes: nodesOf(root), index: 0, run: "", shown: true }
    ];
    while (stack.length && texts.length < kMaxTextsRead && budget > 0) {
      const frame = stack[stack.length - 1];
      if (frame.index >= frame.nodes.length) {
        add(frame.run);
        stack.pop();
        continue;
      }
      const node = frame.nodes[frame.index++];
      if (node.nodeType === 3) {
        if (frame.shown) frame.run += node.data;
        continue;
      }
      if (node.nodeType !== 1) continue;
      add(frame.run);
      frame.run = "";
      budget--;
      const element = node;
      const tag = element.localName;
      if (isSubtreeSkipped(element) || tag === "input" || tag === "textarea" || tag === "select") continue;
      if (isHeading(element)) {
        if (isVisible(element)) add(visibleText(element, kMaxWholeText));
        continue;
      }
      stack.push({ nodes: nodesOf(element), index: 0, run: "", shown: isVisible(element) });
    }
    return texts;
  }
  function nodesOf(element) {
    const light = Array.from(element.childNodes);
    return element.shadowRoot ? [...Array.from(element.shadowRoot.childNodes), ...light] : light;
  }
  function outline(element) {
    const result = [];
    for (const child of structureChildren(element)) {
      if (result.length >= kMaxOutline) break;
      if (!isVisible(child)) continue;
      const parts = [];
      let current2 = child;
      while (current2 && parts.length < kOutlineChainDepth) {
        parts.push(tagNameOf(current2));
        const kids = structureChildren(current2).filter(isVisible);
        current2 = kids.length === 1 ? kids[0] : null;
      }
      result.push(parts.join(">"));
    }
    return result;
  }

  // src/locator/ast.ts
  function fail(message) {
    throw new BridgeError("bad-args", `locator: ${message}`);
  }
  function isObject(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
  }
  function readLocator(raw) {
    if (!isObject(raw) || !Array.isArray(raw.steps)) fail("expected {steps: [...]}");
    for (const step of raw.steps) checkStep(step);
    return raw;
  }
  function checkText(value, where) {
    if (!isObject(value)) fail(`${where} must be {string} or {regex, flags}`);
    if (typeof value.string === "string") return;
    if (typeof value.regex === "string" && typeof value.flags === "string") return;
    fail(`${where} must be {string} or {regex, flags}`);
  }
  function checkBoolean(value, where, optional = false) {
    if (optional && value === void 0) return;
    if (typeof value !== "boolean") fail(`${where} must be a boolean`);
  }
  function checkStep(step) {
    if (!isObject(step) || typeof step.kind !== "string" || typeof step.at !== "number") fail("a step needs kind and at");
    const kind = step.kind;
    switch (kind) {
      case "role":
        if (typeof step.role !== "string") fail("role needs a role");
        if (step.name !== void 0) checkText(step.name, "role name");
        for (const key of ["exact", "checked", "disabled", "expanded", "includeHidden", "pressed", "selected"])
          checkBoolean(step[key], `role ${key}`, true);
        if (step.level !== void 0 && typeof step.level !== "number") fail("role level must be a number");
        return;
      case "text":
      case "label":
      case "hasText":
        checkText(step.text, `${kind} text`);
        checkBoolean(kind === "hasText" ? step.negate : step.exact, kind);
        return;
      case "attribute":
        if (step.attribute !== "placeholder" && step.attribute !== "alt" && step.attribute !== "title") fail("bad attribute");
        checkText(step.text, "attribute text");
        checkBoolean(step.exact, "attribute exact");
        return;
      case "testId":
        checkText(step.testId, "testId");
        return;
      case "css":
        if (typeof step.source !== "string" || !Array.isArray(step.selector)) fail("css needs source and selector");
        return;
      case "legacyText":
        if (typeof step.selector !== "string") fail("legacyText needs a selector");
        return;
      case "chain":
      case "and":
      case "or":
      case "has":
        readLocator(step.locator);
        if (kind === "has") checkBoolean(step.negate, "has negate");
        return;
      case "visible":
        checkBoolean(step.visible, "visible");
        return;
      case "nth":
        if (typeof step.index !== "number" || !Number.isInteger(step.index)) fail("nth needs an integer index");
        return;
      case "frame":
        return;
      default:
        fail(`unknown step kind ${JSON.stringify(kind)}`);
    }
  }

  // src/locator/order.ts
  function queryAllPierce(root, css, pierce = true) {
    const result = [];
    const visit = (scope) => {
      const all = scope.querySelectorAll(css);
      for (let i = 0; i < all.length; i++) result.push(all[i]);
      if (!pierce) return;
      const own = scope.shadowRoot;
      if (own) visit(own);
      const everything = css === "*" ? all : scope.querySelectorAll("*");
      for (let i = 0; i < everything.length; i++) {
        const shadow = everything[i].shadowRoot;
        if (shadow) visit(shadow);
      }
    };
    visit(root);
    return result;
  }
  function sortInDOMOrder(elements) {
    const entries = /* @__PURE__ */ new Map();
    const roots = [];
    const append = (element) => {
      let entry = entries.get(element);
      if (entry) return entry;
      const parent = parentElementOrHost(element);
      if (parent) append(parent).children.push(element);
      else roots.push(element);
      entry = { children: [], taken: false };
      entries.set(element, entry);
      return entry;
    };
    for (const element of elements) append(element).taken = true;
    const result = [];
    const visit = (element) => {
      const entry = entries.get(element);
      if (entry.taken) result.push(element);
      if (entry.children.length > 1) {
        const wanted = new Set(entry.children);
        entry.children = [];
        for (let child = element.firstElementChild; child && entry.children.length < wanted.size; child = child.nextElementSibling)
          if (wanted.has(child)) entry.children.push(child);
        const shadow = element.shadowRoot;
        for (let child = shadow ? shadow.firstElementChild : null; child && entry.children.length < wanted.size; child = child.nextElementSibling)
          if (wanted.has(child)) entry.children.push(child);
      }
      entry.children.forEach(visit);
    };
    roots.forEach(visit);
    return result;
  }

  // src/locator/attributes.ts
  var cssEscape = globalThis.CSS.escape.bind(globalThis.CSS);
  function queryAttribute(root, step) {
    return queryByAttribute(root, step.attribute, attributeMatcher(step.text, step.exact, step.at));
  }
  function queryTestId(root, step, attribute) {
    return queryByAttribute(root, attribute, attributeMatcher(step.testId, true, step.at));
  }
  function queryByAttribute(root, name, matcher) {
    return queryAllPierce(root, `[${cssEscape(name)}]`).filter((element) => {
      const value = element.getAttribute(name);
      return value !== null && matcher(value);
    });
  }
  function attributeMatcher(arg, exact, at) {
    if (arg.regex !== void 0) {
      const re = compileRegex(arg.regex, arg.flags, at);
      return (value) => {
        re.lastIndex = 0;
        return !!value.match(re);
      };
    }
    const wanted = arg.string;
    if (exact) return (value) => value === wanted;
    const lower = wanted.toLowerCase();
    return (value) => value.toLowerCase().includes(lower);
  }

  // src/locator/css.ts
  var CssEvaluator = class {
    constructor(textCache) {
      this.textCache = textCache;
    }
    textCache;
    nodeIds = /* @__PURE__ */ new WeakMap();
    nextId = 1;
    simpleCache = /* @__PURE__ */ new Map();
    parentsCache = /* @__PURE__ */ new Map();
    at = 0;
    /** Elements the selector (list) matches under `context.scope`. */
    query(context, selector) {
      if (Array.isArray(selector)) return isEngine.query(context, selector, this);
      if (hasScopeClause(selector)) context = expandForScope(context);
      const simples = selector.simples;
      const elements = this.querySimple(context, simples[simples.length - 1]);
      return elements.filter((element) => this.matchesParents(element, selector, simples.length - 2, context));
    }
    /** Whether `element` matches the selector (list) in `context`. */
    matches(element, selector, context) {
      if (Array.isArray(selector)) return isEngine.matches(element, selector, context, this);
      if (hasScopeClause(selector)) context = expandForScope(context);
      const simples = selector.simples;
      if (!this.matchesSimple(element, simples[simples.length - 1], context)) return false;
      return this.matchesParents(element, selector, simples.length - 2, context);
    }
    key(context) {
      return `${this.idOf(context.scope)}:${context.originalScope ? this.idOf(context.originalScope) : 0}:${context.pierceShadow ? 1 : 0}`;
    }
    idOf(node) {
      let id = this.nodeIds.get(node);
      if (id === void 0) {
        id = this.nextId++;
        this.nodeIds.set(node, id);
      }
      return id;
    }
    matchesSimple(element, simple, context) {
      const key = this.key(context);
      let byContext = this.simpleCache.get(simple);
      if (!byContext) this.simpleCache.set(simple, byContext = /* @__PURE__ */ new Map());
      let byElement = byContext.get(key);
      if (!byElement) byContext.set(key, byElement = /* @__PURE__ */ new Map());
      const cached = byElement.get(element);
      if (cached !== void 0) return cached;
      let result = element !== context.scope;
      if (result && simple.css && !this.matchesCSS(element, simple.css)) result = false;
      if (result) {
        for (const fn of simple.functions) {
          if (!this.matchesEngine(engineOf(fn.name), element, fn.args, context)) {
            result = false;
            break;
          }
        }
      }
      byElement.set(element, result);
      return result;
    }
    querySimple(context, simple) {
      const functions = simple.functions;
      if (!functions.length) return this.queryCSS(context, simple.css || "*");
      let css = simple.css ?? void 0;
      if (css === "*") css = void 0;
      let elements;
      let firstIndex2 = -1;
      if (css !== void 0) {
        elements = this.queryCSS(context, css);
      } else {
        firstIndex2 = functions.findIndex((fn) => engineOf(fn.name).query !== void 0);
        if (firstIndex2 === -1) firstIndex2 = 0;
        const first = functions[firstIndex2];
        elements = this.queryEngine(engineOf(first.name), context, first.args);
      }
      for (let pass = 0; pass < 2; pass++) {
        functions.forEach((fn, i) => {
          if (i === firstIndex2) return;
          const engine = engineOf(fn.name);
          if (engine.matches !== void 0 === (pass === 0))
            elements = elements.filter((e) => this.matchesEngine(engine, e, fn.args, context));
        });
      }
      return elements;
    }
    matchesParents(element, complex, index, context) {
      if (index < 0) return true;
      const key = `${index}|${this.key(context)}`;
      let byContext = this.parentsCache.get(complex);
      if (!byContext) this.parentsCache.set(complex, byContext = /* @__PURE__ */ new Map());
      let byElement = byContext.get(key);
      if (!byElement) byContext.set(key, byElement = /* @__PURE__ */ new Map());
      const cached = byElement.get(element);
      if (cached !== void 0) return cached;
      const result = this.computeMatchesParents(element, complex, index, context);
      byElement.set(element, result);
      return result;
    }
    computeMatchesParents(element, complex, index, context) {
      const { combinator } = complex.simples[index];
      const simple = complex.simples[index];
      const before = index > 0 ? complex.simples[index - 1].combinator : "";
      if (combinator === ">") {
        const parent = parentInContext(element, context);
        if (!parent || !this.matchesSimple(parent, simple, context)) return false;
        return this.matchesParents(parent, complex, index - 1, context);
      }
      if (combinator === "+") {
        const previous = previousSiblingInContext(element, context);
        if (!previous || !this.matchesSimple(previous, simple, context)) return false;
        return this.matchesParents(previous, complex, index - 1, context);
      }
      if (combinator === "") {
        for (let parent = parentInContext(element, context); parent; parent = parentInContext(parent, context)) {
          if (this.matchesSimple(parent, simple, context)) {
            if (this.matchesParents(parent, complex, index - 1, context)) return true;
            if (before === "") break;
          }
        }
        return false;
      }
      if (combinator === "~") {
        for (let previous = previousSiblingInContext(element, context); previous; previous = previousSiblingInContext(previous, context)) {
          if (this.matchesSimple(previous, simple, context)) {
            if (this.matchesParents(previous, complex, index - 1, context)) return true;
            if (before === "~") break;
          }
        }
        return false;
      }
      throw new BridgeError("bad-args", `unsupported combinator ${JSON.stringify(combinator)}`);
    }
    matchesEngine(engine, element, args, context) {
      if (engine.matches) return engine.matches(element, args, context, this);
      return engine.query(context, args, this).includes(element);
    }
    queryEngine(engine, context, args) {
      if (engine.query) return engine.query(context, args, this);
      return this.queryCSS(context, "*").filter((element) => engine.matches(element, args, context, this));
    }
    matchesCSS(element, css) {
      try {
        return element.matches(css);
      } catch (error) {
        throw this.invalidCSS(css, error);
      }
    }
    queryCSS(context, css) {
      try {
        return queryAllPierce(context.scope, css, context.pierceShadow);
      } catch (error) {
        throw this.invalidCSS(css, error);
      }
    }
    invalidCSS(css, error) {
      const reason = error instanceof Error ? error.message : String(error);
      return new BridgeError("bad-locator", `the browser rejects the CSS selector ${JSON.stringify(css)}: ${reason}`, { at: this.at });
    }
  };
  function hasScopeClause(complex) {
    return complex.simples.some((simple) => simple.functions.some((fn) => fn.name === "scope"));
  }
  function expandForScope(context) {
    if (context.scope.nodeType !== 1) return context;
    const parent = parentElementOrHost(context.scope);
    if (!parent) return context;
    return { ...context, scope: parent, originalScope: context.originalScope || context.scope };
  }
  function parentInContext(element, context) {
    if (element === context.scope) return null;
    if (!context.pierceShadow) return element.parentElement;
    return parentElementOrHost(element);
  }
  function previousSiblingInContext(element, context) {
    if (element === context.scope) return null;
    return element.previousElementSibling;
  }
  function selectors(args) {
    return args.filter((arg) => typeof arg === "object");
  }
  var isEngine = {
    matches: (element, args, context, evaluator) => selectors(args).some((s) => evaluator.matches(element, s, context)),
    query: (context, args, evaluator) => {
      let elements = [];
      for (const arg of selectors(args)) elements = elements.concat(evaluator.query(context, arg));
      return args.length === 1 ? elements : sortInDOMOrder(elements);
    }
  };
  var textEngines = {
    "text": {
      matches: (element, args, _context, evaluator) => {
        const wanted = normalizeWhiteSpace(String(args[0])).toLowerCase();
        return elementMatchesText(evaluator.textCache, element, (t) => t.normalized.toLowerCase().includes(wanted)) === "self";
      }
    },
    "text-is": {
      matches: (element, args, _context, evaluator) => {
        const wanted = normalizeWhiteSpace(String(args[0]));
        return elementMatchesText(evaluator.textCache, element, (t) => {
          if (!wanted && !t.immediate.length) return true;
          return t.immediate.some((s) => normalizeWhiteSpace(s) === wanted);
        }) !== "none";
      }
    },
    "text-matches": {
      matches: (element, args, _context, evaluator) => {
        const re = compileRegex(String(args[0]), args.length === 2 ? String(args[1]) : "", evaluator.at);
        return elementMatchesText(evaluator.textCache, element, (t) => {
          re.lastIndex = 0;
          return re.test(t.full);
        }) === "self";
      }
    },
    "has-text": {
      matches: (element, args, _context, evaluator) => {
        if (shouldSkipForTextMatching(element)) return false;
        const wanted = normalizeWhiteSpace(String(args[0])).toLowerCase();
        return elementText(evaluator.textCache, element).normalized.toLowerCase().includes(wanted);
      }
    }
  };
  var engines = {
    "is": isEngine,
    "where": isEngine,
    "not": { matches: (element, args, context, evaluator) => !isEngine.matches(element, args, context, evaluator) },
    "has": { matches: (element, args, context, evaluator) => evaluator.query({ ...context, scope: element }, args).length > 0 },
    "scope": {
      matches: (element, _args, context) => {
        const scope = context.originalScope || context.scope;
        return scope.nodeType === 9 ? element === scope.documentElement : element === scope;
      },
      query: (context) => {
        const scope = context.originalScope || context.scope;
        if (scope.nodeType === 9) {
          const root = scope.documentElement;
          return root ? [root] : [];
        }
        return scope.nodeType === 1 ? [scope] : [];
      }
    },
    "light": {
      query: (context, args, evaluator) => evaluator.query({ ...context, pierceShadow: false }, args),
      matches: (element, args, context, evaluator) => evaluator.matches(element, args, { ...context, pierceShadow: false })
    },
    "visible": { matches: (element) => isElementVisible(element) },
    "nth-match": {
      query: (context, args, evaluator) => {
        const index = Number(args[args.length - 1]) - 1;
        const elements = isEngine.query(context, args.slice(0, -1), evaluator);
        return index < elements.length ? [elements[index]] : [];
      }
    },
    ...textEngines
  };
  function engineOf(name) {
    const engine = Object.prototype.hasOwnProperty.call(engines, name) ? engines[name] : void 0;
    if (!engine) throw new BridgeError("bad-args", `unknown CSS pseudo-class engine ${JSON.stringify(name)}`);
    return engine;
  }

  // src/locator/label.ts
  var kLabelable = /* @__PURE__ */ new Set(["BUTTON", "METER", "OUTPUT", "PROGRESS", "SELECT", "TEXTAREA"]);
  function queryLabel(root, step, cache) {
    const { matcher } = textArgMatcher(step.text, step.exact, step.at);
    return queryAllPierce(root, "*").filter((element) => labelsOf2(element, cache).some(matcher));
  }
  function labelsOf2(element, cache) {
    const labelledBy = labelledByElements(element);
    if (labelledBy) return labelledBy.map((label) => elementText(cache, label));
    const ariaLabel = element.getAttribute("aria-label");
    if (ariaLabel !== null && ariaLabel.trim())
      return [{ full: ariaLabel, normalized: normalizeWhiteSpace(ariaLabel), immediate: [ariaLabel] }];
    const isInput = element.nodeName === "INPUT" && element.type !== "hidden";
    if (kLabelable.has(element.nodeName) || isInput) {
      const labels = element.labels;
      if (labels) return Array.from(labels, (label) => elementText(cache, label));
    }
    return [];
  }
  function labelledByElements(element) {
    const reflected = element.ariaLabelledByElements;
    const refs2 = reflected || getIdRefs(element, element.getAttribute("aria-labelledby"));
    return refs2 && refs2.length ? [...refs2] : null;
  }

  // src/locator/role.ts
  var kCheckedRoles2 = /* @__PURE__ */ new Set(["checkbox", "menuitemcheckbox", "option", "radio", "switch", "menuitemradio", "treeitem"]);
  var kSelectedRoles2 = /* @__PURE__ */ new Set(["gridcell", "option", "row", "tab", "rowheader", "columnheader", "treeitem"]);
  var kExpandedRoles2 = /* @__PURE__ */ new Set([
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
  var kLevelRoles2 = /* @__PURE__ */ new Set(["heading", "listitem", "row", "treeitem"]);
  var kDisabledRoles2 = /* @__PURE__ */ new Set([
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
  function queryRole(root, step) {
    const nameMatcher = step.name === void 0 ? void 0 : roleNameMatcher(step);
    return queryAllPierce(root, "*").filter((element) => {
      if (getPlaywrightRole(element) !== step.role) return false;
      if (step.selected !== void 0 && getSelected2(element) !== step.selected) return false;
      if (step.checked !== void 0 && getChecked2(element) !== step.checked) return false;
      if (step.pressed !== void 0 && getPressed2(element) !== step.pressed) return false;
      if (step.expanded !== void 0 && getExpanded2(element) !== step.expanded) return false;
      if (step.level !== void 0 && getLevel2(element) !== step.level) return false;
      if (step.disabled !== void 0 && isDisabled(element) !== step.disabled) return false;
      if (!step.includeHidden && isHiddenForRole(element)) return false;
      if (nameMatcher && !nameMatcher(normalizeWhiteSpace(getPlaywrightName(element, !!step.includeHidden))))
        return false;
      return true;
    });
  }
  function roleNameMatcher(step) {
    const name = step.name;
    if (name.regex !== void 0) {
      const re = compileRegex(name.regex, name.flags, step.at);
      return (value) => {
        re.lastIndex = 0;
        return !!value.match(re);
      };
    }
    const wanted = normalizeWhiteSpace(name.string);
    if (step.exact) return (value) => value === wanted;
    const upper = wanted.toUpperCase();
    return (value) => value.toUpperCase().includes(upper);
  }
  var kPlaywrightName = { textTransform: false, counters: false, isHidden: isHiddenForRole, roleOf: getPlaywrightRole };
  var kPlaywrightNameHidden = { ...kPlaywrightName, includeHidden: true };
  function getPlaywrightName(element, includeHidden) {
    return getAccessibleName(element, includeHidden ? kPlaywrightNameHidden : kPlaywrightName);
  }
  function getChecked2(element) {
    if (tagOf(element) === "INPUT") {
      const input = element;
      if (input.indeterminate) return "mixed";
      if (input.type === "checkbox" || input.type === "radio") return input.checked;
    }
    if (!kCheckedRoles2.has(getPlaywrightRole(element) ?? "")) return false;
    const checked = element.getAttribute("aria-checked")?.toLowerCase();
    if (checked === "true") return true;
    if (checked === "mixed") return "mixed";
    return false;
  }
  function getPressed2(element) {
    if (getPlaywrightRole(element) !== "button") return false;
    const pressed = element.getAttribute("aria-pressed")?.toLowerCase();
    if (pressed === "true") return true;
    if (pressed === "mixed") return "mixed";
    return false;
  }
  function getExpanded2(element) {
    if (tagOf(element) === "DETAILS") return element.open;
    if (!kExpandedRoles2.has(getPlaywrightRole(element) ?? "")) return void 0;
    const value = element.getAttribute("aria-expanded");
    return value === null ? void 0 : value.toLowerCase() === "true";
  }
  function getSelected2(element) {
    if (tagOf(element) === "OPTION") return element.selected;
    if (!kSelectedRoles2.has(getPlaywrightRole(element) ?? "")) return false;
    return element.getAttribute("aria-selected")?.toLowerCase() === "true";
  }
  function getLevel2(element) {
    const native = /^H([1-6])$/.exec(tagOf(element));
    if (native) return Number(native[1]);
    if (kLevelRoles2.has(getPlaywrightRole(element) ?? "")) {
      const attr = element.getAttribute("aria-level");
      const value = attr === null ? Number.NaN : Number(attr);
      if (Number.isInteger(value) && value >= 1) return value;
    }
    return 0;
  }
  function isDisabled(element) {
    if (isNativelyDisabled(element)) return true;
    if (!kDisabledRoles2.has(getPlaywrightRole(element) ?? "")) return false;
    for (let e = element; e; e = parentElementOrHost(e)) {
      const value = (e.getAttribute("aria-disabled") ?? "").toLowerCase();
      if (value === "true") return true;
      if (value === "false") return false;
    }
    return false;
  }

  // src/locator/engine.ts
  var Evaluation = class {
    constructor(testIdAttribute) {
      this.testIdAttribute = testIdAttribute;
    }
    testIdAttribute;
    /** Element texts: the open cache scope's (cacheScope.ts), else this evaluation's own. */
    textCache = scopeTextCache() ?? /* @__PURE__ */ new Map();
    css = new CssEvaluator(this.textCache);
  };
  function queryLocator(evaluation, locator, root) {
    let current2 = [root];
    for (const step of locator.steps) current2 = applyStep(evaluation, step, current2, root);
    return onlyElements(current2);
  }
  function onlyElements(current2) {
    return current2.filter((node) => node.nodeType === 1);
  }
  function applyStep(evaluation, step, current2, root) {
    if (step.kind === "nth") {
      let index = step.index;
      if (index === -1) index = current2.length - 1;
      return current2.slice(index, index + 1);
    }
    if (step.kind === "and") {
      const mine = new Set(current2);
      return queryLocator(evaluation, step.locator, root).filter((element) => mine.has(element));
    }
    if (step.kind === "or") {
      const others = queryLocator(evaluation, step.locator, root);
      return sortInDOMOrder(/* @__PURE__ */ new Set([...current2, ...others]));
    }
    if (step.kind === "frame")
      throw new BridgeError("bad-args", "locator: a frame step must be split off by the caller (queryFrames)");
    const next = /* @__PURE__ */ new Set();
    for (const scope of current2) for (const element of queryStep(evaluation, step, scope)) next.add(element);
    return [...next];
  }
  function queryStep(evaluation, step, root) {
    const isElement = root.nodeType === 1;
    switch (step.kind) {
      case "role":
        return queryRole(root, step);
      case "text": {
        const { matcher, kind } = textArgMatcher(step.text, step.exact, step.at);
        return queryText(evaluation.textCache, root, matcher, kind, true);
      }
      case "legacyText": {
        const { matcher, kind } = legacyTextMatcher(step.selector, step.at);
        return queryText(evaluation.textCache, root, matcher, kind, false);
      }
      case "label":
        return queryLabel(root, step, evaluation.textCache);
      case "attribute":
        return queryAttribute(root, step);
      case "testId":
        return queryTestId(root, step, evaluation.testIdAttribute);
      case "css":
        evaluation.css.at = step.at;
        return evaluation.css.query({ scope: root, pierceShadow: true }, step.selector);
      case "chain":
        return queryLocator(evaluation, step.locator, root);
      case "has": {
        if (!isElement) return [];
        const found = queryLocator(evaluation, step.locator, root).length > 0;
        return found !== step.negate ? [root] : [];
      }
      case "hasText": {
        if (!isElement) return [];
        const { matcher } = textArgMatcher(step.text, false, step.at);
        return matcher(elementText(evaluation.textCache, root)) !== step.negate ? [root] : [];
      }
      case "visible":
        if (!isElement) return [];
        return isElementVisible(root) === step.visible ? [root] : [];
      default:
        throw new BridgeError("bad-args", `locator: step ${step.kind} cannot run here`);
    }
  }
  function queryText(cache, root, matcher, kind, internal) {
    const result = [];
    let lastDidNotMatchSelf = null;
    const append = (element) => {
      if (kind === "lax" && lastDidNotMatchSelf && lastDidNotMatchSelf.contains(element)) return;
      const matches = elementMatchesText(cache, element, matcher);
      if (matches === "none") lastDidNotMatchSelf = element;
      if (matches === "self" || matches === "selfAndChildren" && kind === "strict" && !internal) result.push(element);
    };
    if (root.nodeType === 1) append(root);
    for (const element of queryAllPierce(root, "*")) append(element);
    return result;
  }

  // src/locator/index.ts
  var kNameMax = 100;
  var kTextMax = 80;
  function evaluate(fn) {
    beginWalk();
    try {
      return withRoleCache(() => withVisibilityCaches(fn));
    } finally {
      endWalk();
    }
  }
  function queryLocator2(refs2, rawLocator, testIdAttribute, limit, target, attribute) {
    const locator = readLocator(rawLocator);
    if (limit < 0) throw new BridgeError("bad-args", "limit must be >= 0");
    const targetElement = target === void 0 ? void 0 : refs2.resolve(target);
    return evaluate(() => {
      const elements = queryLocator(new Evaluation(testIdAttribute), locator, document);
      const shown = elements.slice(0, limit);
      const result = { count: elements.length, matches: shown.map((element) => describe3(refs2, element)) };
      if (attribute !== void 0) shown.forEach((element, i) => {
        result.matches[i].attribute = element.getAttribute(attribute);
      });
      if (elements.length > shown.length) result.omitted = elements.length - shown.length;
      if (targetElement) {
        const index = elements.indexOf(targetElement);
        result.targetIndex = index < 0 ? null : index;
      }
      return result;
    });
  }
  function queryFrames(refs2, rawLocator, testIdAttribute) {
    const locator = readLocator(rawLocator);
    return evaluate(() => {
      const elements = queryLocator(new Evaluation(testIdAttribute), locator, document);
      const frames = elements.map((element) => {
        const tag = element.nodeName;
        if (tag !== "IFRAME" && tag !== "FRAME") {
          const facts = describe3(refs2, element);
          throw new BridgeError(
            "bad-locator",
            `the locator before entering a frame matched <${facts.tagName}>${facts.name ? ` "${facts.name}"` : ""}, but frameLocator()/contentFrame() needs an <iframe>`,
            { at: locator.steps.length ? locator.steps[locator.steps.length - 1].at : 0 }
          );
        }
        const number = refs2.ensure(element);
        return { ref: refs2.label(number), number };
      });
      return { frames };
    });
  }
  function describe3(refs2, element) {
    const number = refs2.ensure(element);
    const role = getPlaywrightRole(element);
    const visible = isElementVisible(element);
    const name = getPlaywrightName(element, !visible && isHiddenForRole(element));
    refs2.remember(number, role ?? "", name);
    const facts = { ref: refs2.label(number), tagName: tagNameOf(element) };
    if (role) facts.role = role;
    if (name) facts.name = truncate(name, kNameMax);
    const text = elementText(/* @__PURE__ */ new Map(), element).normalized;
    if (text && text !== name) facts.text = truncate(text, kTextMax);
    if (!visible) facts.visible = false;
    return facts;
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
  function framePoint(refs2, element, x, y, hitTest = true) {
    const owner = requireFrameOwner(element);
    const rect = owner.getBoundingClientRect();
    const style = owner.ownerDocument.defaultView?.getComputedStyle(owner);
    const padLeft = style ? parseFloat(style.paddingLeft) || 0 : 0;
    const padTop = style ? parseFloat(style.paddingTop) || 0 : 0;
    const px = rect.left + owner.clientLeft + padLeft + x;
    const py = rect.top + owner.clientTop + padTop + y;
    const view = owner.ownerDocument.defaultView;
    const inView = !view || px >= 0 && py >= 0 && px < view.innerWidth && py < view.innerHeight;
    if (!inView || !hitTest) return { x: px, y: py, inView };
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

  // src/find/context.ts
  var kMaxUniqueText = 60;
  var kMaxSiblings2 = 500;
  var kMaxCandidates2 = 60;
  var kTestIds = ["data-testid", "data-test", "data-test-id", "data-qa", "data-cy"];
  var kSelfContainers = /* @__PURE__ */ new Set(["listitem", "row", "article", "treeitem"]);
  var kCells = /* @__PURE__ */ new Set(["cell", "gridcell", "columnheader", "rowheader"]);
  var kLandmarks = /* @__PURE__ */ new Set([
    "region",
    "navigation",
    "main",
    "complementary",
    "banner",
    "contentinfo",
    "form",
    "search",
    "dialog",
    "alertdialog",
    "tabpanel"
  ]);
  function repeatingContainer(refs2, cache, element, testIdAttribute) {
    let level = 0;
    let current2 = element;
    if (!kSelfContainers.has(getPlaywrightRole(element) ?? "")) {
      current2 = parentElementOrHost(element);
      level = 1;
    }
    for (; current2 && !isTop(current2); current2 = parentElementOrHost(current2), level++) {
      const role = getPlaywrightRole(current2) ?? "";
      if (kCells.has(role) || current2.localName === "td" || current2.localName === "th") continue;
      const likes = likeSiblings(current2, testIdAttribute);
      if (likes.length < 2) continue;
      const number = refs2.ensure(current2);
      return {
        element: current2,
        container: {
          ref: refs2.label(number),
          tagName: tagNameOf(current2),
          attributes: getAttributes(current2),
          level,
          index: likes.indexOf(current2) + 1,
          count: likes.length,
          text: uniqueText(cache, current2, likes)
        }
      };
    }
    return void 0;
  }
  function namedLandmark(refs2, element) {
    for (let up = parentElementOrHost(element); up && !isTop(up); up = parentElementOrHost(up)) {
      const role = getPlaywrightRole(up);
      if (!role || !kLandmarks.has(role)) continue;
      const name = normalizeWhiteSpace(getPlaywrightName(up, false));
      if (!name) continue;
      const number = refs2.ensure(up);
      refs2.remember(number, role, name);
      return { ref: refs2.label(number), role, name: cut(name, 80) };
    }
    return void 0;
  }
  function isTop(element) {
    return element.localName === "body" || element.localName === "html";
  }
  function likeSiblings(element, testIdAttribute) {
    const parent = element.parentNode;
    if (!parent) return [element];
    const siblings = parent.children;
    const result = [];
    for (let i = 0; i < siblings.length && result.length < kMaxSiblings2; i++) {
      const sibling = siblings[i];
      if (sibling === element || isLike(sibling, element, testIdAttribute)) result.push(sibling);
    }
    if (!result.includes(element)) result.push(element);
    return result;
  }
  function isLike(a, b, testIdAttribute) {
    if (a.localName !== b.localName) return false;
    for (const name of [testIdAttribute, ...kTestIds]) {
      const x = a.getAttribute(name);
      if (x !== null && x === b.getAttribute(name)) return true;
    }
    const ca = classes(a);
    const cb = classes(b);
    if (!ca.length && !cb.length) return true;
    return ca.some((name) => cb.includes(name));
  }
  function classes(element) {
    return (element.getAttribute("class") ?? "").split(/\s+/).filter(Boolean);
  }
  function uniqueText(cache, container, likes) {
    const others = likes.filter((e) => e !== container).map((e) => elementText(cache, e).normalized.toLowerCase());
    for (const candidate of candidates(cache, container)) {
      const lower = candidate.toLowerCase();
      if (!others.some((text) => text.includes(lower))) return candidate;
    }
    return null;
  }
  function candidates(cache, container) {
    const headings = [];
    const runs = [];
    const stack = [container];
    let read = 0;
    while (stack.length && headings.length + runs.length < kMaxCandidates2 && read++ < 2e3) {
      const element = stack.pop();
      const tag = element.localName;
      if (tag === "script" || tag === "style" || tag === "noscript" || tag === "template") continue;
      if (!isElementVisible(element)) continue;
      if (getPlaywrightRole(element) === "heading") {
        const text = cut(elementText(cache, element).normalized, kMaxUniqueText);
        if (text) headings.push(text);
        continue;
      }
      for (const run2 of elementText(cache, element).immediate) {
        const text = cut(normalizeWhiteSpace(run2), kMaxUniqueText);
        if (text.length > 1) runs.push(text);
      }
      const children = element.shadowRoot ? [...element.children, ...element.shadowRoot.children] : [...element.children];
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
    return [...headings, ...runs];
  }
  function cut(text, max) {
    if (text.length <= max) return text;
    const head = text.slice(0, max);
    const space = head.lastIndexOf(" ");
    return (space > max / 2 ? head.slice(0, space) : head).trim();
  }

  // src/find/match.ts
  var kUnnamed = /* @__PURE__ */ new Set([
    "generic",
    "none",
    "presentation",
    "paragraph",
    "caption",
    "code",
    "deletion",
    "emphasis",
    "insertion",
    "strong",
    "subscript",
    "superscript"
  ]);
  function makeTester(arg) {
    if (arg.regex !== void 0) {
      const re = compileRegex(arg.regex, arg.flags, 0);
      const test2 = (value) => {
        re.lastIndex = 0;
        return re.test(value);
      };
      return { normalized: test2, text: (full) => test2(full) };
    }
    const wanted = normalizeWhiteSpace(arg.string).toLowerCase();
    const test = (value) => value.toLowerCase().includes(wanted);
    return { normalized: test, text: (_full, normalized) => test(normalized) };
  }
  function findMatches(evaluation, scope, query) {
    const tester = makeTester(query.text);
    const found = /* @__PURE__ */ new Map();
    const add = (element, kind) => {
      if (element === scope) return;
      if (query.role !== void 0 && getPlaywrightRole(element) !== query.role) return;
      let kinds = found.get(element);
      if (!kinds) found.set(element, kinds = /* @__PURE__ */ new Set());
      kinds.add(kind);
    };
    const all = queryAllPierce(scope, "*");
    for (const element of all) {
      const role = getPlaywrightRole(element);
      if (!role || kUnnamed.has(role) || query.role !== void 0 && role !== query.role) continue;
      const hidden = isHiddenForRole(element);
      if (hidden && !query.includeHidden) continue;
      const name = normalizeWhiteSpace(getPlaywrightName(element, hidden));
      if (name && tester.normalized(name)) add(element, "name");
    }
    if (query.role !== void 0) {
      for (const element of all) {
        if (getPlaywrightRole(element) !== query.role) continue;
        const text = elementText(evaluation.textCache, element);
        if (text.normalized && tester.text(text.full, text.normalized)) add(element, "text");
      }
    } else {
      for (const element of run(evaluation, scope, { kind: "text", text: query.text, exact: false, at: 0 })) add(element, "text");
    }
    for (const element of run(evaluation, scope, { kind: "label", text: query.text, exact: false, at: 0 })) add(element, "label");
    for (const attribute of ["placeholder", "alt", "title"]) {
      for (const element of run(evaluation, scope, { kind: "attribute", attribute, text: query.text, exact: false, at: 0 }))
        add(element, attribute);
    }
    const testId = evaluation.testIdAttribute;
    for (const element of queryAllPierce(scope, `[${cssAttributeName(testId)}]`)) {
      const value = element.getAttribute(testId) ?? "";
      if (value && tester.normalized(normalizeWhiteSpace(value))) add(element, "testId");
    }
    if (query.role === void 0) dropCoveredText(found);
    return found;
  }
  function run(evaluation, scope, step) {
    return queryLocator(evaluation, { steps: [step] }, scope);
  }
  function dropCoveredText(found) {
    for (const [element, kinds] of [...found]) {
      if (kinds.size !== 1 || !kinds.has("text")) continue;
      for (let up = parentElementOrHost(element); up; up = parentElementOrHost(up)) {
        const other = found.get(up);
        if (other && (other.size > 1 || !other.has("text"))) {
          found.delete(element);
          break;
        }
      }
    }
  }
  function cssAttributeName(name) {
    return /^[A-Za-z_][\w-]*$/.test(name) ? name : CSS.escape(name);
  }

  // src/find/index.ts
  var kNameMax2 = 100;
  var kExcerptMax = 80;
  var kRenderedMax = 2e3;
  var kMaxLimit = 200;
  var kKindOrder = ["name", "text", "label", "placeholder", "alt", "title", "testId"];
  function find(refs2, testIdAttribute, args) {
    const text = readQuery(args);
    const limit = Math.min(args.limit ?? 10, kMaxLimit);
    if (limit < 0) throw new BridgeError("bad-args", "limit must be >= 0");
    const scope = args.root !== void 0 ? refs2.resolve(args.root) : document;
    const includeHidden = !!args.includeHidden;
    beginWalk();
    try {
      return withRoleCache(() => withVisibilityCaches(() => {
        const evaluation = new Evaluation(testIdAttribute);
        const found = findMatches(evaluation, scope, { text, role: args.role, includeHidden });
        const ordered = sortInDOMOrder(found.keys());
        const shown = [];
        let total = 0;
        let hidden = 0;
        for (const element of ordered) {
          if (!includeHidden && !isElementVisible(element)) {
            hidden++;
            continue;
          }
          total++;
          if (shown.length < limit) shown.push(element);
        }
        const tester = makeTester(text);
        const result = {
          total,
          matches: shown.map((element) => describeMatch(refs2, evaluation, element, found.get(element), tester))
        };
        if (total > shown.length) result.omitted = total - shown.length;
        if (hidden) result.hidden = hidden;
        return result;
      }));
    } finally {
      endWalk();
    }
  }
  function readQuery(args) {
    if (args.regex !== void 0) {
      if (args.text !== void 0) throw new BridgeError("bad-args", "give text or regex, not both");
      return { regex: args.regex, flags: args.flags ?? "" };
    }
    if (args.text === void 0 || !args.text.trim()) throw new BridgeError("bad-args", "text (or regex) is required");
    return { string: args.text };
  }
  function describeMatch(refs2, evaluation, element, kinds, tester) {
    const number = refs2.ensure(element);
    const role = getPlaywrightRole(element) ?? "generic";
    const hiddenForRole = isHiddenForRole(element);
    const name = role === "generic" ? "" : getPlaywrightName(element, hiddenForRole).replace(/\s+/g, " ").trim();
    refs2.remember(number, role, name);
    const match = {
      ref: refs2.label(number),
      tagName: tagNameOf(element),
      role,
      matchedBy: kKindOrder.filter((kind) => kinds.has(kind))
    };
    if (name) match.name = cut(name, kNameMax2);
    if (kinds.has("text") && !kinds.has("name")) {
      const rendered = visibleText(element, kRenderedMax);
      const text = tester.normalized(rendered) ? rendered : elementText(evaluation.textCache, element).normalized;
      if (text && text !== name) match.text = excerpt(text, tester);
    }
    for (const kind of ["placeholder", "alt", "title", "testId"]) {
      if (!kinds.has(kind)) continue;
      const attribute = kind === "testId" ? evaluation.testIdAttribute : kind;
      match.attribute = { name: attribute, value: cut(element.getAttribute(attribute) ?? "", kNameMax2) };
      break;
    }
    const visible = isElementVisible(element);
    if (hiddenForRole && visible) match.ariaHidden = true;
    if (!visible) match.visible = false;
    const context = repeatingContainer(refs2, evaluation.textCache, element, evaluation.testIdAttribute);
    if (context) match.container = context.container;
    const landmark = namedLandmark(refs2, element);
    if (landmark) match.landmark = landmark;
    return match;
  }
  function excerpt(text, tester) {
    if (text.length <= kExcerptMax) return text;
    let at = 0;
    let low = 1;
    let high = text.length;
    if (tester.normalized(text)) {
      while (low < high) {
        const mid = low + high >> 1;
        if (tester.normalized(text.slice(0, mid))) high = mid;
        else low = mid + 1;
      }
      at = low;
    }
    const start = Math.max(0, Math.min(at - kExcerptMax / 2, text.length - kExcerptMax));
    let window = text.slice(start, start + kExcerptMax);
    if (start > 0) window = "…" + window.slice(1);
    if (start + kExcerptMax < text.length) window = window.slice(0, -1) + "…";
    return window;
  }

  // src/suggest/count.ts
  var now = () => performance.now();
  function stepKey(step) {
    return JSON.stringify(step, (key, value) => key === "at" ? void 0 : value);
  }
  function runMemoized(evaluation, locator, root, memo) {
    let current2 = [root];
    let key = "";
    for (const step of locator.steps) {
      key += "\0" + stepKey(step);
      const known = memo.get(key);
      if (known) {
        current2 = known;
        continue;
      }
      current2 = applyStep(evaluation, step, current2, root);
      memo.set(key, current2);
    }
    return onlyElements(current2);
  }
  function countLocators(refs2, rawLocators, testIdAttribute, target, budgetMs) {
    if (!Array.isArray(rawLocators)) throw new BridgeError("bad-args", "locators must be an array");
    const locators = rawLocators.map(readLocator);
    const targetElement = target === void 0 ? void 0 : refs2.resolve(target);
    beginWalk();
    try {
      return withRoleCache(() => withVisibilityCaches(() => {
        const evaluation = new Evaluation(testIdAttribute);
        const memo = /* @__PURE__ */ new Map();
        const start = now();
        const results = [];
        for (const locator of locators) {
          if (results.length && now() - start > budgetMs) break;
          try {
            const elements = runMemoized(evaluation, locator, document, memo);
            const index = targetElement ? elements.indexOf(targetElement) : -1;
            results.push({ count: elements.length, targetIndex: index < 0 ? null : index });
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            results.push({ count: 0, targetIndex: null, error: message });
          }
        }
        const result = { results };
        if (results.length < locators.length) result.omitted = locators.length - results.length;
        return result;
      }));
    } finally {
      endWalk();
    }
  }

  // src/suggest/facts.ts
  var kTestIdFamily = ["data-testid", "data-test", "data-test-id", "data-qa", "data-cy"];
  var kMaxAncestors2 = 60;
  var kMaxTextLength2 = 300;
  var kMaxValue = 200;
  var kMaxHeadings = 4;
  var kMaxTexts2 = 6;
  var kMaxAlts = 2;
  var kMaxNamed = 3;
  var kMaxIds = 2;
  var kMaxIdLength = 60;
  var kNamedRoles = /* @__PURE__ */ new Set([
    "link",
    "button",
    "checkbox",
    "radio",
    "switch",
    "textbox",
    "option",
    "tab",
    "menuitem",
    "cell",
    "rowheader",
    "searchbox",
    "combobox",
    "spinbutton",
    "slider"
  ]);
  var kWalkBudget = 3e3;
  var kMaxUrl2 = 300;
  var kNamedControls = /* @__PURE__ */ new Set(["input", "select", "textarea", "button"]);
  var kMaxClasses = 12;
  var kMaxAttributes = 6;
  var kMaxUnlike = 50;
  var kMaxUnlikeFacts = 4;
  var kMaxContainerAttributes = 3;
  var kNamingAttributes = /* @__PURE__ */ new Set(["srcset", "aria-controls", "rel", "target", "action", "for"]);
  function cut2(text, max) {
    if (text.length <= max) return { text };
    const head = text.slice(0, max + 1);
    const space = head.lastIndexOf(" ");
    return { text: (space > max / 2 ? head.slice(0, space) : text.slice(0, max)).trim(), cut: true };
  }
  function ownFacts(element, testIdAttribute) {
    const facts = { tagName: tagNameOf(element) };
    const role = getPlaywrightRole(element);
    if (role) facts.role = role;
    const name = normalizeWhiteSpace(getPlaywrightName(element, false));
    if (name) {
      facts.name = name.length > kMaxValue ? name.slice(0, kMaxValue) : name;
      if (name.length > kMaxValue) facts.nameCut = true;
    }
    const testId = element.getAttribute(testIdAttribute);
    if (testId !== null) facts.testId = testId;
    for (const attribute of kTestIdFamily) {
      if (attribute === testIdAttribute) continue;
      const value = element.getAttribute(attribute);
      if (value !== null) (facts.otherTestIds ??= {})[attribute] = value;
    }
    const id = element.getAttribute("id");
    if (id) facts.id = id;
    const classes2 = (element.getAttribute("class") ?? "").split(/\s+/).filter(Boolean);
    if (classes2.length) facts.classes = classes2.slice(0, kMaxClasses);
    return facts;
  }
  function ancestorsOf(element) {
    const result = [];
    for (let current2 = element; ; ) {
      const parent = parentElementOrHost(current2);
      if (!parent || parent.localName === "body" || parent.localName === "html") break;
      result.push({ element: parent, shadowHost: current2.parentElement !== parent });
      current2 = parent;
    }
    return result;
  }
  function lookalikesOf(target, cache) {
    const role = getPlaywrightRole(target);
    if (role && !isHiddenForRole(target)) {
      const name = normalizeWhiteSpace(getPlaywrightName(target, false));
      if (name) return queryRole(document, { kind: "role", at: 0, role, name: { string: name } });
      const all = queryRole(document, { kind: "role", at: 0, role });
      const text2 = elementText(cache, target).normalized;
      return all.filter((element) => element === target || elementText(cache, element).normalized === text2);
    }
    const text = elementText(cache, target).normalized;
    const tag = target.localName;
    const result = [];
    const { matcher } = textArgMatcher({ string: text }, true, 0);
    const visit = (root) => {
      for (const element of Array.from(root.querySelectorAll(tag))) {
        if (!text || matcher(elementText(cache, element))) result.push(element);
      }
      for (const element of Array.from(root.querySelectorAll("*"))) if (element.shadowRoot) visit(element.shadowRoot);
    };
    visit(document);
    if (!result.includes(target)) result.push(target);
    return result;
  }
  function signature(element, testIdAttribute) {
    const classes2 = (element.getAttribute("class") ?? "").split(/\s+/).filter(Boolean).sort().join(" ");
    return [element.localName, element.getAttribute(testIdAttribute) ?? "", element.getAttribute("role") ?? "", classes2].join("|");
  }
  function likeSiblings2(element, testIdAttribute) {
    const parent = element.parentNode;
    if (!parent) return 1;
    const mine = signature(element, testIdAttribute);
    let count = 0;
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling)
      if (child === element || signature(child, testIdAttribute) === mine) count++;
    return count;
  }
  function textsOf(root, skip, cache, seen, pageText, ownText = false, withIds = false) {
    const headings = [];
    const ids = [];
    const texts = [];
    const alts = [];
    const named = [];
    const add = (list, fact, max) => {
      const key = `${fact.kind}:${fact.text.toLowerCase()}`;
      if (list.length >= max || seen.has(key)) return;
      seen.add(key);
      const counted = pageText !== void 0 && (fact.kind === "heading" || fact.kind === "text");
      list.push({ ...fact, occurrences: counted ? occurrencesOf(pageText, fact.text) : 0 });
    };
    const addTextNodes = (element) => {
      for (let child = element.firstChild; child; child = child.nextSibling) {
        if (child.nodeType !== 3) continue;
        const text = normalizeWhiteSpace(child.nodeValue ?? "");
        if (text.length >= 2 && /[\p{L}\p{N}]/u.test(text)) add(texts, { ...cut2(text, kMaxTextLength2), kind: "text" }, kMaxTexts2);
      }
    };
    if (ownText && !root.shadowRoot) addTextNodes(root);
    let budget = kWalkBudget;
    const stack = [...structureChildren(root)].reverse();
    while (stack.length && budget-- > 0) {
      const element = stack.pop();
      if (element === skip) continue;
      if (withIds && element.id && element.id.length <= kMaxIdLength && kCssIdent.test(element.id))
        add(ids, { text: element.id, kind: "id" }, kMaxIds);
      if (!isVisible(element)) continue;
      const tag = element.localName;
      if (tag === "script" || tag === "style" || tag === "noscript" || tag === "template") continue;
      if (getPlaywrightRole(element) === "heading") {
        const text = elementText(cache, element).normalized;
        if (text) {
          const name = normalizeWhiteSpace(getPlaywrightName(element, false));
          add(headings, { ...cut2(text, kMaxTextLength2), kind: "heading", ...name ? { name } : {} }, kMaxHeadings);
        }
        continue;
      }
      if (tag === "img") {
        const alt = normalizeWhiteSpace(element.getAttribute("alt") ?? "");
        if (alt) add(alts, { ...cut2(alt, kMaxTextLength2), kind: "alt" }, kMaxAlts);
      }
      const role = getPlaywrightRole(element);
      if (role && kNamedRoles.has(role) && named.length < kMaxNamed && !isHiddenForRole(element)) {
        const name = normalizeWhiteSpace(getPlaywrightName(element, false));
        if (name && name.length <= kMaxTextLength2) add(named, { text: name, kind: "named", role }, kMaxNamed);
      }
      addTextNodes(element);
      const children = structureChildren(element);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
    return [...headings, ...texts, ...alts, ...named, ...ids];
  }
  function targetFacts(refs2, ref, target, testIdAttribute, cache, lookalikes, pageText) {
    const facts = { ref: refs2.label(ref), ...ownFacts(target, testIdAttribute), lookalikes };
    const labels = labelsOf2(target, cache).map((label) => label.normalized).filter(Boolean);
    if (labels.length) facts.labels = labels.slice(0, 3);
    for (const attribute of ["placeholder", "alt", "title"]) {
      const value = target.getAttribute(attribute);
      if (value !== null && value.trim()) facts[attribute] = value;
    }
    const text = elementText(cache, target).normalized;
    if (text) {
      facts.text = text.length > kMaxValue ? text.slice(0, kMaxValue) : text;
      const { matcher } = textArgMatcher({ string: text }, true, 0);
      if (elementMatchesText(cache, target, matcher) === "self") facts.textSelf = true;
    }
    if (target.localName === "input") facts.inputType = target.type;
    const url = (attribute) => selectorValue(target.getAttribute(attribute));
    const tag = target.localName;
    const href = tag === "a" || tag === "area" ? url("href") : void 0;
    if (href !== void 0) facts.href = href;
    const src = tag === "img" ? url("src") : void 0;
    if (src !== void 0 && !src.startsWith("data:")) facts.src = src;
    const formName = kNamedControls.has(tag) ? target.getAttribute("name") : null;
    if (formName && formName.length <= kMaxValue) facts.nameAttribute = formName;
    const attributes = namingAttributes(target, testIdAttribute);
    if (attributes) facts.attributes = attributes;
    if (isHiddenForRole(target)) facts.hiddenForRole = true;
    if (!isElementVisible(target)) facts.hidden = true;
    const parts = textsOf(target, null, cache, /* @__PURE__ */ new Set(), pageText, true);
    if (parts.length) facts.parts = parts;
    return facts;
  }
  function selectorValue(value) {
    return value !== null && value.trim() && value.length <= kMaxUrl2 && !/[\n\r\f\t]/.test(value) ? value : void 0;
  }
  function attributesOf(element, keep, max) {
    let found;
    let count = 0;
    for (const { name, value } of Array.from(element.attributes)) {
      const usable = keep(name) ? selectorValue(value) : void 0;
      if (usable === void 0) continue;
      (found ??= {})[name] = usable;
      if (++count >= max) break;
    }
    return found;
  }
  function isDataAttribute(name, testIdAttribute) {
    return name.startsWith("data-") && name !== testIdAttribute && !kTestIdFamily.includes(name);
  }
  function namingAttributes(element, testIdAttribute) {
    const keep = (name) => isDataAttribute(name, testIdAttribute) || kNamingAttributes.has(name);
    return attributesOf(element, keep, kMaxAttributes);
  }
  function dataAttributes(element, testIdAttribute) {
    return attributesOf(element, (name) => isDataAttribute(name, testIdAttribute), kMaxContainerAttributes);
  }
  var kCssIdent = /^-?[A-Za-z_][\w-]*$/;
  function classesOf(element) {
    return (element.getAttribute("class") ?? "").split(/\s+/).filter((name) => kCssIdent.test(name));
  }
  function inEveryOther(sets, mine) {
    const [first, ...rest] = sets;
    if (!first) return void 0;
    const found = [...first].filter((name) => !mine.has(name) && rest.every((set) => set.has(name))).slice(0, kMaxUnlikeFacts);
    return found.length ? found : void 0;
  }
  function attributeNames(element) {
    return new Set(Array.from(element.attributes, (attribute) => attribute.name).filter((name) => name !== "class" && name !== "style" && name !== "id" && kCssIdent.test(name)));
  }
  function othersLike(target, lookalikes) {
    const others = lookalikes.filter((element) => element !== target);
    return others.length && others.length < kMaxUnlike ? others : void 0;
  }
  function onlyItHas(target, lookalikes) {
    const others = othersLike(target, lookalikes);
    if (!others) return void 0;
    const theirs = others.map(attributeNames);
    const found = [...attributeNames(target)].filter((name) => theirs.every((set) => !set.has(name))).slice(0, kMaxUnlikeFacts);
    return found.length ? found : void 0;
  }
  var kMaxRoleValue = 40;
  var kQuotableRole = /^[A-Za-z][\w -]*$/;
  function quotableRole(element) {
    const role = element.getAttribute("role");
    return role !== null && role.length <= kMaxRoleValue && kQuotableRole.test(role) ? [role] : [];
  }
  function namesOf(elements, of) {
    const names2 = /* @__PURE__ */ new Set();
    for (const element of elements) for (const name of of(element)) names2.add(name);
    return names2;
  }
  var kScopeLevels = 6;
  var kMaxScopes = 4;
  function scopedAbsences(mine, theirs) {
    const found = [];
    const tried = /* @__PURE__ */ new Set();
    for (const ancestor of mine.slice(0, kScopeLevels)) {
      const own = new Set(classesOf(ancestor));
      for (const scope of own) {
        if (tried.has(scope)) continue;
        tried.add(scope);
        const scoped = theirs.flatMap((chain) => chain.filter((element) => classesOf(element).includes(scope))).map((element) => new Set(classesOf(element)));
        const classes2 = inEveryOther(scoped, own);
        if (classes2) found.push({ scope, classes: classes2 });
        if (found.length >= kMaxScopes) return found;
      }
    }
    return found.length ? found : void 0;
  }
  function othersHave(target, lookalikes) {
    const others = othersLike(target, lookalikes);
    if (!others) return void 0;
    const chainOf = (element) => ancestorsOf(element).map(({ element: ancestor }) => ancestor);
    const mine = chainOf(target);
    const theirs = others.map(chainOf);
    const result = {};
    const classes2 = inEveryOther(others.map((element) => new Set(classesOf(element))), new Set(classesOf(target)));
    if (classes2) result.classes = classes2;
    const attributes = inEveryOther(others.map(attributeNames), attributeNames(target));
    if (attributes) result.attributes = attributes;
    const containerClasses = inEveryOther(theirs.map((chain) => namesOf(chain, classesOf)), namesOf([target, ...mine], classesOf));
    if (containerClasses) result.containerClasses = containerClasses;
    const containerRoles = inEveryOther(theirs.map((chain) => namesOf(chain, quotableRole)), namesOf([target, ...mine], quotableRole));
    if (containerRoles) result.containerRoles = containerRoles;
    const scoped = scopedAbsences(mine, theirs);
    if (scoped) result.scoped = scoped;
    return Object.keys(result).length ? result : void 0;
  }
  function occurrencesOf(haystack, text) {
    const needle = text.toLowerCase();
    if (!needle) return 0;
    let count = 0;
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) count++;
    return count;
  }
  function suggestFacts(refs2, ref, testIdAttribute) {
    const target = refs2.resolve(ref);
    beginWalk();
    try {
      return withRoleCache(() => withVisibilityCaches(() => {
        const cache = scopeTextCache() ?? /* @__PURE__ */ new Map();
        const lookalikes = lookalikesOf(target, cache);
        const all = ancestorsOf(target);
        const shown = all.slice(0, kMaxAncestors2);
        const seen = /* @__PURE__ */ new Set();
        const pageText = document.body ? elementText(cache, document.body).normalized.toLowerCase() : "";
        let below = target;
        const ancestors = shown.map((ancestor, i) => {
          const inside = lookalikes.filter((element) => containsInTree(ancestor.element, element)).length;
          const entry = {
            level: i + 1,
            ...ownFacts(ancestor.element, testIdAttribute),
            lookalikes: inside,
            like: likeSiblings2(ancestor.element, testIdAttribute),
            texts: textsOf(ancestor.element, below, cache, seen, pageText, true, true)
          };
          const attributes = dataAttributes(ancestor.element, testIdAttribute);
          if (attributes) entry.attributes = attributes;
          if (ancestor.shadowHost) entry.shadowHost = true;
          below = ancestor.element;
          return entry;
        });
        const result = {
          target: targetFacts(refs2, ref, target, testIdAttribute, cache, lookalikes.length, pageText),
          ancestors
        };
        const name = result.target.nameCut ? void 0 : result.target.name;
        const alike = name === void 0 ? lookalikes : lookalikes.filter((element) => element === target || normalizeWhiteSpace(getPlaywrightName(element, false)) === name);
        const unlike = othersHave(target, alike);
        if (unlike) result.target.othersHave = unlike;
        const only = onlyItHas(target, alike);
        if (only) result.target.onlyItHas = only;
        if (all.length > shown.length) result.omitted = all.length - shown.length;
        return result;
      }));
    } finally {
      endWalk();
    }
  }
  function containsInTree(ancestor, element) {
    for (let current2 = element; current2; current2 = parentElementOrHost(current2))
      if (current2 === ancestor) return true;
    return false;
  }

  // src/suggest/diagnose.ts
  var kMaxNearMisses = 5;
  var kMaxApart = 5;
  var kMaxApartScan = 50;
  var kMaxValue2 = 100;
  function editDistance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      let best = i;
      for (let j = 1; j <= b.length; j++) {
        const value = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        row.push(value);
        best = Math.min(best, value);
      }
      if (best > limit) return limit + 1;
      previous = row;
    }
    return previous[b.length];
  }
  function loose(text) {
    return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  }
  function nearText(have, want, exact) {
    const h = normalizeWhiteSpace(have);
    const w = normalizeWhiteSpace(want);
    if (!h || !w) return void 0;
    const hl = h.toLowerCase();
    const wl = w.toLowerCase();
    if (exact && hl === wl) return "case";
    if (exact && hl.includes(wl)) return "exact";
    if (hl.includes(wl)) return void 0;
    if (loose(h) && loose(h) === loose(w)) return "spacing";
    const limit = Math.max(1, Math.min(3, Math.floor(w.length / 5)));
    if (w.length >= 3 && editDistance(hl, wl, limit) <= limit) return "edit";
    return void 0;
  }
  function cutValue(text) {
    return text.length > kMaxValue2 ? text.slice(0, kMaxValue2 - 1) + "…" : text;
  }
  var Misses = class {
    constructor(refs2) {
      this.refs = refs2;
    }
    refs;
    list = [];
    seen = /* @__PURE__ */ new Set();
    kinds = /* @__PURE__ */ new Map();
    get full() {
      return this.list.length >= kMaxNearMisses;
    }
    add(element, reason, value, detail) {
      if (this.seen.has(element)) return;
      this.seen.add(element);
      const role = getPlaywrightRole(element);
      const name = normalizeWhiteSpace(getPlaywrightName(element, isHiddenForRole(element)));
      const key = JSON.stringify([tagNameOf(element), role, name, reason, value, detail]);
      const same = this.kinds.get(key);
      if (same) {
        same.more = (same.more ?? 0) + 1;
        return;
      }
      if (this.full) return;
      const miss = { ref: this.refs.label(this.refs.ensure(element)), tagName: tagNameOf(element), reason };
      if (role) miss.role = role;
      if (name) miss.name = cutValue(name);
      if (value !== void 0 && value !== name) miss.value = cutValue(value);
      if (detail !== void 0) miss.detail = detail;
      this.kinds.set(key, miss);
      this.list.push(miss);
    }
  };
  function under(scopes) {
    if (scopes.length === 1) return queryAllPierce(scopes[0], "*");
    const result = /* @__PURE__ */ new Set();
    for (const scope of scopes) for (const element of queryAllPierce(scope, "*")) result.add(element);
    return [...result];
  }
  function stateMismatch(element, step) {
    if (step.checked !== void 0 && getChecked2(element) !== step.checked) return "checked";
    if (step.pressed !== void 0 && getPressed2(element) !== step.pressed) return "pressed";
    if (step.selected !== void 0 && getSelected2(element) !== step.selected) return "selected";
    if (step.expanded !== void 0 && getExpanded2(element) !== step.expanded) return "expanded";
    if (step.level !== void 0 && getLevel2(element) !== step.level) return "level";
    if (step.disabled !== void 0 && isDisabled(element) !== step.disabled) return "disabled";
    return void 0;
  }
  function roleMisses(misses, step, scopes) {
    const want = step.name?.string;
    const candidates2 = under(scopes);
    const others = [];
    for (const element of candidates2) {
      if (misses.full) return;
      const role = getPlaywrightRole(element);
      if (role !== step.role) {
        if (want !== void 0 && role) others.push(element);
        continue;
      }
      const hidden = isHiddenForRole(element);
      const name = normalizeWhiteSpace(getPlaywrightName(element, hidden || !!step.includeHidden));
      const named = want === void 0 || step.name?.regex !== void 0 || (step.exact ? name === normalizeWhiteSpace(want) : name.toLowerCase().includes(normalizeWhiteSpace(want).toLowerCase()));
      if (named) {
        if (hidden && !step.includeHidden) misses.add(element, "hidden", name);
        else {
          const state = stateMismatch(element, step);
          if (state) misses.add(element, "state", name, state);
        }
        continue;
      }
      if (want === void 0) continue;
      const reason = nearText(name, want, !!step.exact);
      if (reason && (!hidden || step.includeHidden)) misses.add(element, reason, name);
    }
    if (want === void 0 || step.name?.regex !== void 0) return;
    const lower = normalizeWhiteSpace(want).toLowerCase();
    for (const element of others) {
      if (misses.full) return;
      if (!(element.textContent ?? "").toLowerCase().includes(lower) && !attributeTexts(element).some((v) => v.toLowerCase().includes(lower)))
        continue;
      const name = normalizeWhiteSpace(getPlaywrightName(element, false));
      if (name.toLowerCase().includes(lower) && !isHiddenForRole(element))
        misses.add(element, "role", name, getPlaywrightRole(element) ?? "none");
    }
  }
  var kTextAttributes = ["aria-label", "alt", "title", "placeholder", "value"];
  function attributeTexts(element) {
    const values = [];
    for (const attribute of kTextAttributes) {
      const value = element.getAttribute(attribute);
      if (value) values.push(value);
    }
    return values;
  }
  function testIdMisses(misses, want, scopes, testIdAttribute) {
    const family = ["data-testid", "data-test", "data-test-id", "data-qa", "data-cy", testIdAttribute];
    for (const element of under(scopes)) {
      if (misses.full) return;
      const value = element.getAttribute(testIdAttribute);
      if (value !== null) {
        const reason = value === want ? void 0 : nearText(value, want, true);
        if (reason) misses.add(element, reason === "exact" ? "edit" : reason, value);
      }
      for (const attribute of family) {
        if (attribute !== testIdAttribute && element.getAttribute(attribute) === want) misses.add(element, "attribute", want, attribute);
      }
    }
  }
  function textMisses(misses, want, exact, scopes, cache) {
    const lower = normalizeWhiteSpace(want).toLowerCase();
    for (const element of under(scopes)) {
      if (misses.full) return;
      const tag = element.localName;
      if (tag === "script" || tag === "style" || tag === "noscript") continue;
      if (element.firstElementChild === null || hasOwnText(element)) {
        const text = elementText(cache, element).normalized;
        const reason = nearText(text, want, exact);
        if (reason) misses.add(element, reason, text);
      }
      for (const attribute of kTextAttributes) {
        const value = element.getAttribute(attribute);
        if (value && value.toLowerCase().includes(lower) && !elementText(cache, element).normalized.toLowerCase().includes(lower))
          misses.add(element, "not-text", value, attribute);
      }
    }
  }
  function hasOwnText(element) {
    for (let child = element.firstChild; child; child = child.nextSibling)
      if (child.nodeType === 3 && (child.nodeValue ?? "").trim()) return true;
    return false;
  }
  function labelMisses(misses, want, exact, scopes, cache) {
    for (const element of under(scopes)) {
      if (misses.full) return;
      for (const label of labelsOf2(element, cache)) {
        const reason = nearText(label.normalized, want, exact);
        if (reason) misses.add(element, reason, label.normalized);
      }
    }
  }
  function attributeMisses(misses, attribute, want, exact, scopes) {
    for (const element of under(scopes)) {
      if (misses.full) return;
      const value = element.getAttribute(attribute);
      if (value === null) continue;
      const reason = nearText(value, want, exact);
      if (reason) misses.add(element, reason, value);
    }
  }
  function hasTextMisses(misses, want, scopes, cache) {
    const lower = normalizeWhiteSpace(want).toLowerCase();
    for (const scope of scopes.slice(0, 200)) {
      if (misses.full || scope.nodeType !== 1) return;
      for (const element of [scope, ...queryAllPierce(scope, "*")]) {
        if (misses.full) return;
        for (const attribute of kTextAttributes) {
          const value = element.getAttribute(attribute);
          if (value && value.toLowerCase().includes(lower)) misses.add(element, "not-text", value, attribute);
        }
        if (hasOwnText(element)) {
          for (let child = element.firstChild; child; child = child.nextSibling) {
            if (child.nodeType !== 3) continue;
            const reason = nearText(child.nodeValue ?? "", want, false);
            if (reason) misses.add(element, reason, normalizeWhiteSpace(child.nodeValue ?? ""));
          }
        }
      }
    }
    if (misses.full) return;
    const scopesSet = new Set(scopes);
    const holders = queryAllPierce(document, "*").filter((element) => {
      const text = elementText(cache, element).normalized.toLowerCase();
      if (!text.includes(lower)) return false;
      for (let child = element.firstElementChild; child; child = child.nextElementSibling)
        if (elementText(cache, child).normalized.toLowerCase().includes(lower)) return false;
      return true;
    });
    for (const element of holders) {
      if ([...scopesSet].some((scope) => scope.nodeType === 1 && containsInTree(scope, element))) continue;
      misses.add(element, "elsewhere", elementText(cache, element).normalized);
    }
  }
  function elsewhereMisses(misses, evaluation, step, scopes) {
    if (scopes.length === 1 && scopes[0].nodeType === 9) return;
    let found;
    try {
      found = applyStep(evaluation, step, [document], document);
    } catch {
      return;
    }
    for (const element of onlyElements(found)) misses.add(element, "elsewhere");
  }
  function nearMisses(refs2, evaluation, step, before) {
    const misses = new Misses(refs2);
    const cache = evaluation.textCache;
    switch (step.kind) {
      case "role":
        roleMisses(misses, step, before);
        break;
      case "testId":
        if (step.testId.string !== void 0) testIdMisses(misses, step.testId.string, before, evaluation.testIdAttribute);
        break;
      case "text":
        if (step.text.string !== void 0) textMisses(misses, step.text.string, step.exact, before, cache);
        break;
      case "label":
        if (step.text.string !== void 0) labelMisses(misses, step.text.string, step.exact, before, cache);
        break;
      case "attribute":
        if (step.text.string !== void 0) attributeMisses(misses, step.attribute, step.text.string, step.exact, before);
        break;
      case "hasText":
        if (!step.negate && step.text.string !== void 0) hasTextMisses(misses, step.text.string, before, cache);
        break;
      case "nth":
        return [];
      default:
        break;
    }
    if (["role", "testId", "text", "label", "attribute", "css", "chain"].includes(step.kind))
      elsewhereMisses(misses, evaluation, step, before);
    return misses.list;
  }
  function apartOf(refs2, matches, cache) {
    const scanned = matches.slice(0, kMaxApartScan);
    const units = scanned.map((match) => {
      let unit = match;
      for (let parent = parentElementOrHost(unit); parent && parent.localName !== "body"; parent = parentElementOrHost(parent)) {
        if (scanned.some((other) => other !== match && containsInTree(parent, other))) break;
        unit = parent;
      }
      return unit;
    });
    const unitTexts = units.map((unit) => elementText(cache, unit).normalized.toLowerCase());
    return scanned.slice(0, kMaxApart).map((match, i) => {
      const unit = units[i];
      const apart = { ref: refs2.label(refs2.ensure(match)), container: { tagName: tagNameOf(unit), attributes: getAttributes(unit) } };
      const facts = textsOf(unit, null, cache, /* @__PURE__ */ new Set());
      const own = facts.find((fact) => fact.kind !== "alt" && unitTexts.every((text, j) => j === i || !text.includes(fact.text.toLowerCase())));
      if (own) apart.text = own.text;
      return apart;
    });
  }
  function diagnoseLocator(refs2, rawLocator, testIdAttribute) {
    const locator = readLocator(rawLocator);
    beginWalk();
    try {
      return withRoleCache(() => withVisibilityCaches(() => {
        const evaluation = new Evaluation(testIdAttribute);
        const result = { steps: [] };
        let current2 = [document];
        let lost;
        for (const step of locator.steps) {
          const before = current2;
          current2 = applyStep(evaluation, step, current2, document);
          const count = onlyElements(current2).length;
          result.steps.push({ at: step.at, count });
          if (count === 0 && !lost && before.length > 0) lost = { step, before };
        }
        const matches = onlyElements(current2);
        if (matches.length === 0 && lost) {
          result.lostAt = lost.step.at;
          if (lost.step.kind === "nth") {
            result.nearMisses = [];
          } else {
            result.nearMisses = nearMisses(refs2, evaluation, lost.step, lost.before);
          }
        } else if (matches.length > 1) {
          result.apart = apartOf(refs2, matches, evaluation.textCache);
        }
        return result;
      }));
    } finally {
      endWalk();
    }
  }

  // src/wait/stable.ts
  var kOptions = { childList: true, subtree: true, characterData: true, attributes: true };
  function waitForStable(quietMs, timeoutMs) {
    if (quietMs < 0 || timeoutMs <= quietMs)
      throw new BridgeError("bad-args", `need 0 <= quietMs < timeoutMs, got quietMs ${quietMs}, timeoutMs ${timeoutMs}`);
    return new Promise((resolve) => {
      const start = performance.now();
      let last = start;
      let longest = 0;
      let mutations = 0;
      let done = false;
      let quietTimer = 0;
      const watched = /* @__PURE__ */ new Set();
      const owners = /* @__PURE__ */ new Set();
      const changed = () => {
        const now2 = performance.now();
        longest = Math.max(longest, now2 - last);
        last = now2;
        clearTimeout(quietTimer);
        quietTimer = setTimeout(() => finish2(true), quietMs);
      };
      const onLoad = (event) => {
        if (event.target instanceof Element) watchOwner(event.target);
        changed();
      };
      const observer = new MutationObserver((records) => {
        mutations += records.length;
        for (const record of records)
          for (const node of Array.from(record.addedNodes))
            if (node instanceof Element) watchOwnersIn(node);
        changed();
      });
      const watchOwner = (owner) => {
        if (!owners.has(owner)) {
          owners.add(owner);
          owner.addEventListener("load", onLoad);
        }
        let inner = null;
        try {
          inner = owner.contentDocument;
        } catch {
          inner = null;
        }
        if (inner) watchDocument(inner);
      };
      const watchOwnersIn = (root) => {
        if (root instanceof Element && (root.localName === "iframe" || root.localName === "frame")) watchOwner(root);
        for (const owner of Array.from(root.querySelectorAll("iframe, frame"))) watchOwner(owner);
      };
      const watchDocument = (doc) => {
        if (watched.has(doc)) return;
        watched.add(doc);
        observer.observe(doc, kOptions);
        watchOwnersIn(doc);
      };
      const finish2 = (stable) => {
        if (done) return;
        done = true;
        const now2 = performance.now();
        observer.disconnect();
        for (const owner of owners) owner.removeEventListener("load", onLoad);
        clearTimeout(quietTimer);
        clearTimeout(timeoutTimer);
        resolve({
          stable,
          waitedMs: Math.round(now2 - start),
          mutations,
          longestQuietMs: Math.round(Math.max(longest, now2 - last)),
          documents: watched.size
        });
      };
      watchDocument(document);
      quietTimer = setTimeout(() => finish2(true), quietMs);
      const timeoutTimer = setTimeout(() => finish2(false), timeoutMs);
    });
  }

  // src/wait/paint.ts
  var kFallbackMs = 100;
  async function paint(frames) {
    const start = performance.now();
    let ran = 0;
    for (let i = 0; i < frames; i++) {
      ran += await new Promise((resolve) => {
        let done = false;
        const finish2 = (value) => {
          if (!done) {
            done = true;
            resolve(value);
          }
        };
        requestAnimationFrame(() => finish2(1));
        setTimeout(() => finish2(0), kFallbackMs);
      });
    }
    return { frames: ran, waitedMs: Math.round(performance.now() - start) };
  }

  // src/secrets.ts
  var kMask = "••••";
  var kMinSubstring = 4;
  var kFollowing2 = 4;
  function secretValues(root) {
    const fields = [];
    for (const tag of ["input", "textarea"]) {
      const found = root.getElementsByTagName(tag);
      for (let i = 0; i < found.length; i++) if (isSecretField(found[i])) fields.push(found[i]);
    }
    if (fields.length > 1) fields.sort((a, b) => a.compareDocumentPosition(b) & kFollowing2 ? -1 : 1);
    const values = /* @__PURE__ */ new Set();
    for (const field of fields) {
      const value = field.value;
      if (value) values.add(value);
    }
    return [...values].sort((a, b) => b.length - a.length);
  }
  function maskSecrets(value, secrets) {
    if (!secrets.length) return value;
    return mask(value, secrets);
  }
  function mask(value, secrets) {
    if (typeof value === "string") return maskString(value, secrets);
    if (Array.isArray(value)) return value.map((item) => mask(item, secrets));
    if (value && typeof value === "object") {
      const out = {};
      for (const [key, item] of Object.entries(value)) out[key] = mask(item, secrets);
      return out;
    }
    return value;
  }
  function maskString(text, secrets) {
    let out = text;
    for (const secret of secrets) {
      if (secret.length < kMinSubstring) {
        if (out === secret) return kMask;
      } else if (out.includes(secret)) {
        out = out.split(secret).join(kMask);
      }
    }
    return out;
  }

  // src/warmup.ts
  var kWarmUpTargets = 10;
  function warmUp(doc, budgetMs) {
    const start = performance.now();
    const deadline = start + budgetMs;
    const refs2 = new RefRegistry();
    const result = (complete, structureCalls) => ({ complete, elapsedMs: Math.round(performance.now() - start), structureCalls });
    try {
      snapshot(doc, refs2, {}, deadline);
    } catch (error) {
      if (!(error instanceof WalkBudgetExceeded)) throw error;
      return result(false, 0);
    }
    const count = refs2.nextRef - 1;
    const targets = Math.min(kWarmUpTargets, count);
    let calls = 0;
    for (let i = 0; i < targets; i++) {
      const ref = 1 + Math.floor(i * count / targets);
      const warmed = warmStructure(refs2, ref, 1 + i % 2, () => performance.now() < deadline);
      calls += warmed.calls;
      if (!warmed.complete) return result(false, calls);
    }
    return result(true, calls);
  }
  function warmStructure(refs2, ref, level, inTime) {
    if (!inTime()) return { calls: 0, complete: false };
    const ancestors = attempt(() => resolveContainer(refs2, ref).ancestors.length) ?? 0;
    let made = 1;
    const at = Math.min(level, ancestors);
    if (at < 1) return { calls: made, complete: true };
    const calls = [() => inspectPattern(refs2, ref, at), () => extractAnchors(refs2, ref, at)];
    for (const call2 of calls) {
      if (!inTime()) return { calls: made, complete: false };
      attempt(call2);
      made++;
    }
    return { calls: made, complete: true };
  }
  function attempt(call2) {
    try {
      return call2();
    } catch (error) {
      if (error instanceof BridgeError) return void 0;
      throw error;
    }
  }

  // src/index.ts
  var refs = new RefRegistry();
  var methods = {
    snapshot: (args) => snapshot(document, refs, {
      root: optionalNumber(args, "root"),
      depth: optionalNumber(args, "depth"),
      maxChars: optionalNumber(args, "maxChars"),
      behindModal: optionalBoolean(args, "behindModal")
    }),
    warmUp: (args) => warmUp(document, requireNumber(args, "budgetMs")),
    resolveContainer: (args) => resolveContainer(refs, requireNumber(args, "ref")),
    inspectPattern: (args) => inspectPattern(refs, requireNumber(args, "ref"), requireNumber(args, "ancestorLevel")),
    extractAnchors: (args) => extractAnchors(refs, requireNumber(args, "ref"), requireNumber(args, "ancestorLevel")),
    actionTarget: (args) => actionTarget(refs, requireNumber(args, "ref"), requireString(args, "action"), optionalBoolean(args, "scroll") ?? false),
    armHitTarget: (args) => armHitTarget(refs, requireNumber(args, "ref")),
    hitTargetVerdict: (args) => hitTargetVerdict(refs, optionalBoolean(args, "disarm") ?? true),
    prepareType: (args) => prepareType(refs, requireNumber(args, "ref")),
    elementState: (args) => elementState(refs, requireNumber(args, "ref"), optionalString(args, "attribute"), optionalBoolean(args, "scroll") ?? false),
    selectOption: (args) => selectOption(refs, requireNumber(args, "ref"), requireStringArray(args, "values")),
    frameOwner: (_args, element) => frameOwner(refs, element),
    framePoint: (args, element) => framePoint(
      refs,
      element,
      requireFiniteNumber(args, "x"),
      requireFiniteNumber(args, "y"),
      optionalBoolean(args, "hitTest") ?? true
    ),
    describe: (args) => describe(refs, requireString(args, "description"), requireString(args, "action")),
    elementBox: (args) => elementBox(refs, requireNumber(args, "ref"), optionalBoolean(args, "scroll") ?? false),
    waitForStable: (args) => waitForStable(requireNumber(args, "quietMs"), requireNumber(args, "timeoutMs")),
    paint: (args) => paint(requireNumber(args, "frames")),
    ariaFacts: (args) => ariaFacts(
      document,
      refs,
      requireString(args, "selector"),
      optionalStringArray(args, "attributes"),
      optionalBoolean(args, "textTransform")
    ),
    queryLocator: (args) => queryLocator2(
      refs,
      args.locator,
      optionalString(args, "testIdAttribute") ?? "data-testid",
      optionalNumber(args, "limit") ?? 10,
      optionalNumber(args, "target"),
      optionalString(args, "attribute")
    ),
    queryFrames: (args) => queryFrames(refs, args.locator, optionalString(args, "testIdAttribute") ?? "data-testid"),
    suggestFacts: (args) => suggestFacts(refs, requireNumber(args, "ref"), optionalString(args, "testIdAttribute") ?? "data-testid"),
    countLocators: (args) => countLocators(
      refs,
      args.locators,
      optionalString(args, "testIdAttribute") ?? "data-testid",
      optionalNumber(args, "target"),
      optionalNumber(args, "budgetMs") ?? 5e3
    ),
    diagnoseLocator: (args) => diagnoseLocator(refs, args.locator, optionalString(args, "testIdAttribute") ?? "data-testid"),
    focusedElement: () => focusedElement(refs),
    find: (args) => find(refs, optionalString(args, "testIdAttribute") ?? "data-testid", {
      text: optionalString(args, "text"),
      regex: optionalString(args, "regex"),
      flags: optionalString(args, "flags"),
      role: optionalRole(args),
      root: optionalNumber(args, "root"),
      limit: optionalNumber(args, "limit"),
      includeHidden: optionalBoolean(args, "includeHidden")
    })
  };
  var kDescribing = /* @__PURE__ */ new Set([
    "snapshot",
    "resolveContainer",
    "inspectPattern",
    "extractAnchors",
    "describe",
    "queryLocator",
    "queryFrames",
    "actionTarget",
    "find",
    "suggestFacts",
    "diagnoseLocator"
  ]);
  function call(method, rawArgs, element) {
    const envelope = callMethod(method, rawArgs, element);
    if (!kDescribing.has(method)) return envelope;
    return envelope instanceof Promise ? envelope.then(masked) : masked(envelope);
  }
  function masked(envelope) {
    return maskSecrets(envelope, secretValues(document));
  }
  function callMethod(method, rawArgs, element) {
    try {
      const args = readArgs(rawArgs);
      refs.beginCall(optionalString(args, "refPrefix") ?? "e", optionalNumber(args, "refStart") ?? 1);
      configureTestIdAttribute(optionalString(args, "testIdAttribute") ?? "data-testid");
      configureFailedSheets(optionalStringArray(args, "failedSheets"));
      enterCacheScope(optionalString(args, "cacheScope"));
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
  function optionalRole(args) {
    const role = optionalString(args, "role");
    if (role !== void 0 && !isPlaywrightRole(role))
      throw new BridgeError("bad-args", `role ${JSON.stringify(role)} is not an ARIA role getByRole takes`);
    return role;
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
