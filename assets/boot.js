// Before the WebAssembly loads: a browser that cannot run it is told so in
// the loading note, instead of being left with a frozen page (the module
// script then fails quietly). The SIMD test is a 1-function module that
// uses one v128 instruction.
(function () {
  var simd = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);
  var why = null;
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.validate !== 'function') {
    why = 'This browser does not run WebAssembly, which Credit Flow is built on.';
  } else if (!WebAssembly.validate(simd)) {
    why = 'This browser does not run WebAssembly SIMD, which Credit Flow\u2019s engine uses. Chrome or Edge 91, Firefox 89 and Safari 16.4 or newer do.';
  }
  function say(text) {
    var note = document.querySelector('#boot .boot-note');
    if (note) {
      note.textContent = text;
      note.setAttribute('role', 'alert');
      note.setAttribute('data-testid', 'boot-problem');
    }
  }
  document.addEventListener('DOMContentLoaded', function () {
    if (why) { say(why); return; }
    // the app removes #boot when it starts; if it has not after a while, say so
    setTimeout(function () {
      if (document.getElementById('boot')) {
        say('The engine has not started. Check the connection and reload the page; if it keeps happening, this browser may be too old.');
      }
    }, 30000);
  });
})();

// The lab, the studies and the Agents view are a second wasm, fetched the
// first time one of them opens (ui::shell::rooms): its no-modules script,
// then its wasm; then the room is mounted into its frame.
(function () {
  var base = document.currentScript ? document.currentScript.src.replace(/[^/]*$/, '') : '';
  var ready = null;
  window.creditflowRoom = function (room, frame) {
    if (!ready) {
      ready = new Promise(function (ok, fail) {
        var s = document.createElement('script');
        s.src = base + 'rooms.js';
        s.onload = ok;
        s.onerror = function () { fail(new Error('rooms.js did not load')); };
        document.head.appendChild(s);
      }).then(function () {
        /* global wasm_bindgen */
        return wasm_bindgen({ module_or_path: base + 'rooms_bg.wasm' });
      });
      ready.catch(function () { ready = null; });
    }
    // the room drawn in a task after the one that starts its wasm, so
    // that neither holds the page long
    return ready.then(function () {
      return new Promise(function (ok) { setTimeout(ok, 0); });
    }).then(function () { window.creditflowMountRoom(room, frame); });
  };
})();
