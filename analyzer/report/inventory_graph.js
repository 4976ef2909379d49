// The HTML inventory's call graph: reads script#call-graph-data, lays the
// graph out with the embedded dagre (left to right, callers before
// callees), draws it into svg#call-graph, and adds pan (drag), zoom (wheel,
// buttons), fit, and a filter by service name that dims or hides the
// services that neither match nor neighbour a match. Clicking a service
// filters by its name.
(function () {
  'use strict';
  var SVG = 'http://www.w3.org/2000/svg';
  var svg = document.getElementById('call-graph');
  var filter = document.getElementById('graph-filter');
  var hide = document.getElementById('graph-hide');
  var status = document.getElementById('graph-status');
  var data = JSON.parse(document.getElementById('call-graph-data').textContent);
  if (typeof dagre === 'undefined') {
    status.textContent = 'the layout library (dagre) was not built in: ' +
        'run scripts/setup.sh and rebuild ampcheck';
    return;
  }

  function el(name, attrs, parent, text) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }

  // Box sizes from the text widths, so that dagre keeps labels apart.
  var font = window.getComputedStyle(svg).fontFamily || 'sans-serif';
  var measure = document.createElement('canvas').getContext('2d');
  function textWidth(text, size) {
    measure.font = size + 'px ' + font;
    return measure.measureText(text).width;
  }
  function shortName(name) {
    return name.length > 40 ? name.slice(0, 39) + '\u2026' : name;
  }
  var NODE_HEIGHT = 34;
  data.nodes.forEach(function (n, i) {
    n.index = i;
    n.line2 = 'in x' + n.tries;
    n.width = Math.ceil(Math.max(textWidth(shortName(n.name), 12),
                                 textWidth(n.line2, 10))) + 18;
  });
  data.edges.forEach(function (e, i) {
    e.index = i;
    e.label = 'x' + e.tries;
    e.width = Math.ceil(textWidth(e.label, 11)) + 6;
  });

  // dagre's layout of some nodes and the edges among them, callers left of
  // callees. The tight-tree ranker: network-simplex gives the same ranks on
  // a fleet's tiers and takes five times as long (7 s at 500 services).
  function layout(nodes, edges) {
    var g = new dagre.graphlib.Graph({ multigraph: true });
    g.setGraph({ rankdir: 'LR', ranker: 'tight-tree', nodesep: 10,
                 ranksep: 56, edgesep: 6, marginx: 16, marginy: 16 });
    nodes.forEach(function (n) {
      g.setNode(String(n.id), { width: n.width, height: NODE_HEIGHT });
    });
    edges.forEach(function (e) {
      g.setEdge(String(e.from), String(e.to),
                { width: e.width, height: 14, labelpos: 'c' }, 'e' + e.index);
    });
    dagre.layout(g);
    return g;
  }

  var viewport = el('g', { id: 'graph-viewport' }, svg);
  var defs = el('defs', {}, viewport);
  [['arrow', '#666'], ['arrow-hot', '#c62828']].forEach(function (m) {
    var marker = el('marker', { id: m[0], viewBox: '0 0 10 10', refX: 10,
                                refY: 5, markerUnits: 'userSpaceOnUse',
                                markerWidth: 9, markerHeight: 9,
                                orient: 'auto' }, defs);
    el('path', { d: 'M0,0 L10,5 L0,10 z', fill: m[1] }, marker);
  });
  var layers = el('g', {}, viewport);
  var byId = {};
  data.nodes.forEach(function (n) { byId[n.id] = n; });

  // Straight segments through dagre's points: a spline through them
  // overshoots where they bunch up, and one merely near them misses the
  // edge's label.
  function curve(p) {
    return p.map(function (q, i) {
      return (i ? 'L' : 'M') + q.x + ',' + q.y;
    }).join(' ');
  }

  // Lays out and draws `nodes` and `edges` (all, or a filter's), replacing
  // what was drawn; returns the layout's graph.
  function draw(nodes, edges) {
    var g = layout(nodes, edges);
    layers.textContent = '';
    var edgeLayer = el('g', {}, layers);
    var labelLayer = el('g', {}, layers);
    var nodeLayer = el('g', {}, layers);
    data.nodes.forEach(function (n) { n.group = null; });
    data.edges.forEach(function (e) { e.path = e.text = null; });
    // Worst-path edges last, so that they are drawn on top.
    edges.slice().sort(function (a, b) {
      return (a.hot - b.hot) || (a.index - b.index);
    }).forEach(function (e) {
      var laid = g.edge(String(e.from), String(e.to), 'e' + e.index);
      var cls = 'edge' + (e.hot ? ' hot' : '') + (e.retries ? '' : ' quiet') +
                (e.back ? ' back' : '');
      e.path = el('path', { 'class': cls, d: curve(laid.points),
                            'marker-end': 'url(#' + (e.hot ? 'arrow-hot' : 'arrow') + ')',
                            'data-from': e.from, 'data-to': e.to }, edgeLayer);
      el('title', {}, e.path, byId[e.from].name + ' -> ' + byId[e.to].name +
         ': ' + e.tries + ' tries' + (e.back ? ' (closes a cycle)' : ''));
      e.text = el('text', { 'class': 'label' + (e.hot ? ' hot' : ''),
                            x: laid.x, y: laid.y + 4 }, labelLayer, e.label);
    });
    nodes.forEach(function (n) {
      var laid = g.node(String(n.id));
      n.box = { x: laid.x - laid.width / 2, y: laid.y - laid.height / 2,
                width: laid.width, height: laid.height };
      n.group = el('g', { 'class': 'node' + (n.over ? ' over' : ''),
                          'data-name': n.name,
                          transform: 'translate(' + n.box.x + ',' + n.box.y + ')' },
                   nodeLayer);
      el('title', {}, n.group, n.name + ' (' + n.namespace + '): worst inbound ' +
         n.tries + ' tries');
      el('rect', { width: n.box.width, height: n.box.height, rx: 6 }, n.group);
      el('text', { x: n.box.width / 2, y: 14 }, n.group, shortName(n.name));
      el('text', { 'class': 'tries', x: n.box.width / 2, y: 28 }, n.group, n.line2);
    });
    return g;
  }
  var started = performance.now();
  var g = draw(data.nodes, data.edges), drawnAll = true;
  svg.setAttribute('data-layout-ms', Math.round(performance.now() - started));

  // Pan and zoom: one transform on the viewport group.
  var view = { k: 1, x: 0, y: 0 };
  function apply() {
    viewport.setAttribute('transform', 'translate(' + view.x + ',' + view.y +
                          ') scale(' + view.k + ')');
  }
  function zoomAt(factor, cx, cy) {
    var k = Math.min(4, Math.max(0.03, view.k * factor));
    view.x = cx - (cx - view.x) * (k / view.k);
    view.y = cy - (cy - view.y) * (k / view.k);
    view.k = k;
    apply();
  }
  function fit(nodes) {
    var graph = g.graph();  // the layout drawn
    var x0 = 0, y0 = 0, x1 = graph.width, y1 = graph.height;
    if (nodes && nodes.length) {
      x0 = y0 = Infinity; x1 = y1 = -Infinity;
      nodes.forEach(function (n) {
        x0 = Math.min(x0, n.box.x); y0 = Math.min(y0, n.box.y);
        x1 = Math.max(x1, n.box.x + n.box.width);
        y1 = Math.max(y1, n.box.y + n.box.height);
      });
      x0 -= 20; y0 -= 20; x1 += 20; y1 += 20;
    }
    var w = svg.clientWidth, h = svg.clientHeight;
    view.k = Math.min(1.5, w / (x1 - x0), h / (y1 - y0));
    view.x = (w - (x1 - x0) * view.k) / 2 - x0 * view.k;
    view.y = (h - (y1 - y0) * view.k) / 2 - y0 * view.k;
    apply();
  }
  // The whole graph when it is legible so; else the worst paths, fitted
  // when that is legible, else around the service at the end of the worst
  // one at full size; with no worst path, the graph's top at a scale that
  // fits its width (at most 1). Panned or fitted from there.
  function home() {
    var graph = g.graph(), w = svg.clientWidth, h = svg.clientHeight;
    // A small graph gets a pane of its own height, not an empty one.
    if (graph.width <= w && graph.height + 40 < h) {
      document.getElementById('graph-pane').style.height =
          (graph.height + 40) + 'px';
      h = svg.clientHeight;
    }
    if (Math.min(w / graph.width, h / graph.height) >= 0.5) return fit(null);
    var hot = [], worst = null;
    data.edges.forEach(function (e) {
      if (!e.hot) return;
      [byId[e.from], byId[e.to]].forEach(function (n) {
        if (n.box && hot.indexOf(n) < 0) hot.push(n);
      });
      var end = byId[e.to], tries = Number(end.tries) || Infinity;
      if (end.box && (!worst || tries > worst.tries)) worst = { node: end, tries: tries };
    });
    if (worst) {
      fit(hot);
      if (view.k >= 0.5) return;
      var box = worst.node.box;
      view.k = 1;
      view.x = w / 2 - (box.x + box.width / 2);
      view.y = h / 2 - (box.y + box.height / 2);
      return apply();
    }
    view.k = Math.min(1, w / graph.width);
    view.x = (w - graph.width * view.k) / 2;
    view.y = 0;
    apply();
  }
  function center() { return [svg.clientWidth / 2, svg.clientHeight / 2]; }
  svg.addEventListener('wheel', function (ev) {
    ev.preventDefault();
    var r = svg.getBoundingClientRect();
    zoomAt(Math.exp(-ev.deltaY * 0.002), ev.clientX - r.left, ev.clientY - r.top);
  }, { passive: false });
  var drag = null;
  svg.addEventListener('pointerdown', function (ev) {
    drag = { x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y, moved: false };
    svg.setPointerCapture(ev.pointerId);
    svg.classList.add('panning');
  });
  svg.addEventListener('pointermove', function (ev) {
    if (!drag) return;
    var dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
    view.x = drag.vx + dx; view.y = drag.vy + dy;
    apply();
  });
  svg.addEventListener('pointerup', function (ev) {
    var clicked = drag && !drag.moved;
    drag = null;
    svg.classList.remove('panning');
    if (!clicked) return;
    // Pointer capture retargets the event: find the service under it.
    var hit = document.elementFromPoint(ev.clientX, ev.clientY);
    var node = hit && hit.closest && hit.closest('#call-graph .node');
    if (node) {
      filter.value = node.getAttribute('data-name');
      applyFilter();
    }
  });
  document.getElementById('graph-zoom-in').addEventListener('click', function () {
    var c = center(); zoomAt(1.25, c[0], c[1]);
  });
  document.getElementById('graph-zoom-out').addEventListener('click', function () {
    var c = center(); zoomAt(0.8, c[0], c[1]);
  });

  // Filter: the services whose name or namespace contains the text, and
  // the ones they call or are called by. "hide the others" lays these out
  // anew, so that they sit together however far apart they were.
  var drawn = data.nodes.length + ' of ' + data.services + ' services, ' +
              data.edges.length + ' calls; laid out by dagre ' + dagre.version;
  var related = [];
  function applyFilter() {
    var q = filter.value.trim().toLowerCase();
    var matched = {}, near = {}, count = 0;
    data.nodes.forEach(function (n) {
      if (q && (n.name.toLowerCase().indexOf(q) >= 0 ||
                n.namespace.toLowerCase().indexOf(q) >= 0)) {
        matched[n.id] = near[n.id] = true;
        count++;
      }
    });
    var edges = data.edges.filter(function (e) {
      return !q || matched[e.from] || matched[e.to];
    });
    if (q) edges.forEach(function (e) { near[e.from] = near[e.to] = true; });
    related = q ? data.nodes.filter(function (n) { return near[n.id]; }) : [];
    var only = hide.checked && q && related.length > 0;
    if (only) {
      g = draw(related, edges);
      drawnAll = false;
      fit(null);
    } else if (!drawnAll) {
      g = draw(data.nodes, data.edges);
      drawnAll = true;
      fit(related);
    }
    data.edges.forEach(function (e) {
      if (!e.path) return;
      var off = q && !(matched[e.from] || matched[e.to]);
      e.path.classList.toggle('dim', !!off);
      e.text.classList.toggle('dim', !!off);
    });
    data.nodes.forEach(function (n) {
      if (!n.group) return;
      n.group.classList.toggle('match', !!matched[n.id]);
      n.group.classList.toggle('dim', !!q && !near[n.id]);
    });
    status.textContent = q ? count + ' of ' + data.nodes.length +
        ' services match "' + filter.value.trim() + '"' +
        (only ? '; the others are hidden' : ' (Enter: fit them)') : drawn;
  }
  filter.addEventListener('input', applyFilter);
  hide.addEventListener('change', applyFilter);
  filter.addEventListener('keydown', function (ev) {
    if (ev.key === 'Enter') fit(related);
  });
  document.getElementById('graph-fit').addEventListener('click', function () {
    fit(related);
  });
  home();
  applyFilter();
  svg.setAttribute('data-layout', 'dagre');
})();
