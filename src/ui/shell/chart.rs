//! A chart on the page: a `charts::pen::Chart` drawn by plotters on a
//! canvas at the device pixel ratio, on the page's theme, and redrawn
//! when its data or the theme changes; and its exports (SVG from
//! plotters' SVG backend, PNG from a canvas outside the page at twice the
//! size), both on the light theme, as on paper.
//!
//! The canvas says what it drew for the site tests and the benchmark:
//! `data-lines` (the count the chart returns), `data-colours` (its data
//! lines' colours), `data-dots`, `data-rects`, `data-text` (its texts, `|` between),
//! `data-min-text` (its smallest text, CSS px), `data-draws` (redraws so
//! far) and `data-draw-ms` (the last redraw's time).

use crate::page::palette::{ChartTheme, CHART_LIGHT};
use crate::ui::charts::pen::{self, draw_on, Chart, Drawn};
use crate::ui::charts::plots::{set_chart_width, Table, FULL_WIDTH};
use crate::ui::shell::download;
use crate::ui::shell::prefs::dark_theme;
use crate::ui::shell::widgets::now;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use plotters_canvas::CanvasBackend;

/// Draws `chart` on `canvas`, sized to it at `k` device pixels per CSS
/// pixel. The canvas is resized only when its size changes: setting a
/// size, even the same one, throws its pixels and drawing state away,
/// and a redraw paints its background over the whole canvas anyway.
fn paint(
    canvas: &web_sys::HtmlCanvasElement,
    chart: &impl Chart,
    k: f64,
    theme: &ChartTheme,
) -> Drawn {
    let (w, h) = chart.size();
    let (pw, ph) = ((w * k).round() as u32, (h * k).round() as u32);
    if (canvas.width(), canvas.height()) != (pw, ph) {
        canvas.set_width(pw);
        canvas.set_height(ph);
    }
    CanvasBackend::with_canvas_object(canvas.clone())
        .map(|b| draw_on(b, k, chart, theme))
        .unwrap_or_default()
}

/// The window's width in whole 40 px bands, one signal for the page,
/// updated when the window is resized (a chart is laid out again only
/// when the band changes). Reference-counted, so that no chart's owner
/// disposes of it when that chart goes.
fn window_width() -> ArcRwSignal<i32> {
    thread_local!(static WIDTH: std::cell::OnceCell<ArcRwSignal<i32>> = const { std::cell::OnceCell::new() });
    WIDTH.with(|w| {
        w.get_or_init(|| {
            let band = || {
                web_sys::window()
                    .and_then(|w| w.inner_width().ok())
                    .and_then(|v| v.as_f64())
                    .map_or(0, |x| (x / 40.0) as i32)
            };
            let width = ArcRwSignal::new(band());
            let set = width.clone();
            let handle = window_event_listener(leptos::ev::resize, move |_| {
                let b = band();
                if set.get_untracked() != b {
                    set.set(b);
                }
            });
            std::mem::forget(handle);
            width
        })
        .clone()
    })
}

pub(crate) fn pixel_ratio() -> f64 {
    web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .clamp(1.0, 4.0)
}

/// What the last redraw drew, and how many redraws and how long the last.
#[derive(Clone, Default)]
struct Shown {
    drawn: Drawn,
    draws: u32,
    ms: f64,
}

/// `chart` on a canvas (`data-testid` `id`, its text alternative `label`).
pub(crate) fn canvas<C>(id: &'static str, label: &'static str, chart: Signal<C>) -> impl IntoView
where
    C: Chart + Clone + PartialEq + Send + Sync + 'static,
{
    let node = NodeRef::<leptos::html::Canvas>::new();
    let shown = RwSignal::new(Shown::default());
    let dark = dark_theme();
    let resized = window_width();
    Effect::new(move |_| {
        // a new window width redraws at the frame's new width
        let _ = resized.get();
        let theme = ChartTheme::of(dark.get());
        let Some(el) = node.get() else {
            return;
        };
        let t0 = now();
        // laid out at its frame's width (a phone's is narrower than the
        // drawing's own), its text at its own size
        let frame = el
            .parent_element()
            .map_or(0.0, |p| f64::from(p.client_width()));
        let full = set_chart_width(if frame > 0.0 { frame } else { FULL_WIDTH });
        let drawn = chart.with(|c| paint(&el, c, pixel_ratio(), theme));
        set_chart_width(full);
        let ms = now() - t0;
        shown.update(|s| {
            s.drawn = drawn;
            s.draws += 1;
            s.ms = ms;
        });
    });
    view! {
        // (its result first, then what it is)
        <div class="chart-svg" data-testid=id role="img" aria-label=move || chart.with(|c| match c.says() {
                s if s.is_empty() => label.to_string(),
                s => format!("{s} ({label})"),
            })
            data-lines=move || shown.with(|s| s.drawn.count)
            data-colours=move || shown.with(|s| s.drawn.words())
            data-draws=move || shown.with(|s| s.draws)
            data-draw-ms=move || shown.with(|s| format!("{:.2}", s.ms))
            data-dots=move || shown.with(|s| s.drawn.dots)
            data-rects=move || shown.with(|s| s.drawn.rects)
            data-min-text=move || shown.with(|s| s.drawn.min_text.min(999.0))
            data-text=move || shown.with(|s| s.drawn.texts.join(" | "))>
            <canvas node_ref=node></canvas>
        </div>
    }
}

/// The SVG and PNG buttons for `chart`, saved as `creditflow-{id}.*`.
pub(crate) fn exports<C>(id: &'static str, chart: Signal<C>) -> impl IntoView
where
    C: Chart + Clone + PartialEq + Send + Sync + 'static,
{
    let save_svg = move |_| {
        let text = chart.with_untracked(|c| pen::svg(c, &CHART_LIGHT));
        download::text(&text, &format!("creditflow-{id}.svg"), "image/svg+xml");
    };
    let save_png = move |_| {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let Some(el) = doc
            .create_element("canvas")
            .ok()
            .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            return;
        };
        chart.with_untracked(|c| paint(&el, c, 2.0, &CHART_LIGHT));
        if let Ok(data) = el.to_data_url() {
            download::url(&data, &format!("creditflow-{id}.png"));
        }
    };
    view! {
        <button class="small" data-testid=format!("export-svg-{id}") on:click=save_svg>"SVG"</button>
        " "
        <button class="small" data-testid=format!("export-png-{id}") on:click=save_png>"PNG"</button>
    }
}

/// How a chart's data becomes its table.
pub(crate) type TableOf<C> = Box<dyn Fn(&C) -> Table + Send + Sync>;

/// A chart with its caption, its exports and, where given, its data as a
/// table (`table` is built only while the table is open).
pub(crate) fn figure<C>(
    id: &'static str,
    label: &'static str,
    chart: Signal<C>,
    table: Option<TableOf<C>>,
) -> impl IntoView
where
    C: Chart + Clone + PartialEq + Send + Sync + 'static,
{
    let open = RwSignal::new(false);
    let table = table.map(|f| {
        let rows = Memo::new(move |_| open.get().then(|| chart.with(|c| f(c))));
        crate::ui::shell::widgets::data_table(id, open, rows)
    });
    view! {
        <figure class="chart">
            {canvas(id, label, chart)}
            <figcaption>
                <span class="pan-hint">"Swipe the chart sideways to see all of it. "</span>
                {label}
                " " {exports(id, chart)}
            </figcaption>
            {table}
        </figure>
    }
}
