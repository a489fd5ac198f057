//! Files in and out of the page: saving a text blob or a data URL through
//! a temporary link, reading a file the user picked, and fetching one of
//! the site's own files as text.

use leptos::wasm_bindgen::{JsCast, JsValue};

/// Downloads `href` (a data or object URL) as `name`.
pub fn url(href: &str, name: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(a) = doc.create_element("a") else {
        return;
    };
    let a: web_sys::HtmlAnchorElement = a.unchecked_into();
    a.set_href(href);
    a.set_download(name);
    if let Some(body) = doc.body() {
        let _ = body.append_child(&a);
        a.click();
        let _ = body.remove_child(&a);
    }
}

/// Downloads `text` as a file `name` of type `mime`.
pub fn text(text: &str, name: &str, mime: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(href) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    url(&href, name);
    let _ = web_sys::Url::revoke_object_url(&href);
}

/// Saves an SVG drawing `w`×`h` as a PNG at twice its size: the SVG is
/// loaded as an image, drawn on a canvas, and the canvas saved.
pub fn svg_as_png(svg: &str, (w, h): (u32, u32), name: &str) {
    use leptos::wasm_bindgen::closure::Closure;
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(img) = web_sys::HtmlImageElement::new() else {
        return;
    };
    let src = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        js_sys::encode_uri_component(svg)
    );
    let (name, img2) = (name.to_string(), img.clone());
    let onload = Closure::once_into_js(move || {
        let Ok(c) = doc.create_element("canvas") else {
            return;
        };
        let c: web_sys::HtmlCanvasElement = c.unchecked_into();
        c.set_width(2 * w);
        c.set_height(2 * h);
        let ctx = c
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|x| x.dyn_into::<web_sys::CanvasRenderingContext2d>().ok());
        if let Some(ctx) = ctx {
            let _ = ctx.draw_image_with_html_image_element_and_dw_and_dh(
                &img2,
                0.0,
                0.0,
                2.0 * w as f64,
                2.0 * h as f64,
            );
            if let Ok(data) = c.to_data_url() {
                url(&data, &name);
            }
        }
    });
    img.set_onload(Some(onload.unchecked_ref()));
    img.set_src(&src);
}

/// One of the site's own files (a path relative to the page) as text.
pub async fn fetch_text(path: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let resp = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str(path))
        .await
        .map_err(|_| format!("{path} could not be fetched (offline?)"))?;
    let resp: web_sys::Response = resp.dyn_into().map_err(|_| "not a response".to_string())?;
    if !resp.ok() {
        return Err(format!("{path}: the server answered {}", resp.status()));
    }
    let text = resp.text().map_err(|_| "no text".to_string())?;
    wasm_bindgen_futures::JsFuture::from(text)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| format!("{path} could not be read"))
}

/// One of the site's gzip files (a path relative to the page) as text,
/// unpacked by the browser's `DecompressionStream`.
pub async fn fetch_gunzip(path: &str) -> Result<String, String> {
    use wasm_bindgen_futures::JsFuture;
    let window = web_sys::window().ok_or("no window")?;
    let resp = JsFuture::from(window.fetch_with_str(path))
        .await
        .map_err(|_| format!("{path} could not be fetched (offline?)"))?;
    let resp: web_sys::Response = resp.dyn_into().map_err(|_| "not a response".to_string())?;
    if !resp.ok() {
        return Err(format!("{path}: the server answered {}", resp.status()));
    }
    let body = resp.body().ok_or_else(|| format!("{path} is empty"))?;
    // (web-sys has the Compression Streams only behind its unstable flag)
    let no = || "this browser cannot unpack gzip (no DecompressionStream)".to_string();
    let ctor: js_sys::Function =
        js_sys::Reflect::get(&js_sys::global(), &"DecompressionStream".into())
            .ok()
            .and_then(|c| c.dyn_into().ok())
            .ok_or_else(no)?;
    let unzip =
        js_sys::Reflect::construct(&ctor, &js_sys::Array::of1(&"gzip".into())).map_err(|_| no())?;
    let side = |name: &str| js_sys::Reflect::get(&unzip, &name.into()).map_err(|_| no());
    let pair = web_sys::ReadableWritablePair::new(
        &side("readable")?.unchecked_into(),
        &side("writable")?.unchecked_into(),
    );
    let text = web_sys::Response::new_with_opt_readable_stream(Some(&body.pipe_through(&pair)))
        .and_then(|r| r.text())
        .map_err(|_| format!("{path} could not be read"))?;
    JsFuture::from(text)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| format!("{path} is not a gzip of text"))
}

/// The file picked in the file input `e` came from, read as text:
/// `done(name, text)` once it is read (`Err` if it is larger than
/// `max_bytes` or not text). Nothing is called if no file was picked. The
/// input is cleared, so the same file can be picked again.
pub fn read_picked(
    e: &leptos::ev::Event,
    max_bytes: usize,
    done: impl FnOnce(String, Result<String, String>) + 'static,
) {
    let input = leptos::prelude::event_target::<web_sys::HtmlInputElement>(e);
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    input.set_value("");
    let name = file.name();
    if file.size() > max_bytes as f64 {
        let mb = max_bytes / 1_000_000;
        return done(name, Err(format!("the file is larger than {mb} MB")));
    }
    leptos::task::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
        let text = text
            .ok()
            .and_then(|t| t.as_string())
            .ok_or_else(|| "the file could not be read as text".to_string());
        done(name, text);
    });
}
