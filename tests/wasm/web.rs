//! Component tests in a real headless Chromium (wasm-bindgen-test): mount
//! the worked-example view, click, and read the DOM.
#![cfg(target_arch = "wasm32")]

use creditflow::ui::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh app in its own container, with no saved state.
fn mount() -> HtmlElement {
    // the rooms are drawn in place: this wasm parses their keys
    creditflow::page::url::parse_rooms();
    let window = web_sys::window().unwrap();
    window.local_storage().unwrap().unwrap().clear().unwrap();
    // the app keeps its state in the URL: start each test from a bare one
    let path = window.location().pathname().unwrap();
    window
        .history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path))
        .unwrap();
    let doc = window.document().unwrap();
    let host: HtmlElement = doc.create_element("div").unwrap().unchecked_into();
    doc.body().unwrap().append_child(&host).unwrap();
    leptos::mount::mount_to(
        host.clone(),
        || leptos::view! { <App rooms=creditflow::ui::shell::rooms::here/> },
    )
    .forget();
    host
}

fn find(host: &HtmlElement, id: &str) -> Element {
    host.query_selector(&format!("[data-testid='{id}']"))
        .unwrap()
        .unwrap_or_else(|| panic!("no element {id}"))
}

fn text(host: &HtmlElement, id: &str) -> String {
    find(host, id).text_content().unwrap_or_default()
}

async fn click(host: &HtmlElement, id: &str) {
    find(host, id).unchecked_into::<HtmlElement>().click();
    leptos::task::tick().await;
}

async fn type_into(host: &HtmlElement, id: &str, value: &str, event: &str) {
    let input: HtmlInputElement = find(host, id).unchecked_into();
    input.set_value(value);
    input
        .dispatch_event(&web_sys::Event::new(event).unwrap())
        .unwrap();
    leptos::task::tick().await;
}

#[wasm_bindgen_test]
async fn stepping_to_the_end_gives_the_worked_example() {
    let host = mount();
    assert_eq!(text(&host, "value-f"), "f = 16");
    assert_eq!(text(&host, "step-index"), "sweep 0 / 6");
    for _ in 0..10 {
        click(&host, "step-next").await;
    }
    assert_eq!(text(&host, "step-index"), "sweep 6 / 6");
    assert_eq!(text(&host, "grad-a"), "-24");
    assert_eq!(text(&host, "grad-b"), "16");
    assert_eq!(text(&host, "grad-c"), "8");
    assert!(text(&host, "arith").contains("∂f/∂a"));
    assert!(text(&host, "arith").contains("every input has its exact credit"));
    click(&host, "step-prev").await;
    assert!(text(&host, "arith").contains("∂f/∂b"));
    assert_eq!(text(&host, "step-index"), "sweep 5 / 6");
    click(&host, "step-reset").await;
    assert_eq!(text(&host, "step-index"), "sweep 0 / 6");
    host.remove();
}

#[wasm_bindgen_test]
async fn unticking_r2_makes_the_table_disagree() {
    let host = mount();
    // the table keeps its answers until the sweep reaches them
    assert_eq!(text(&host, "grad-a"), "…");
    click(&host, "fd-reveal").await;
    click(&host, "req-R2").await;
    // the slope of v² dropped, the product keeps its operand b
    assert_eq!(text(&host, "grad-a"), "-3");
    assert!(text(&host, "fd-table").contains("✗ wrong"));
    click(&host, "req-R2").await;
    assert_eq!(text(&host, "grad-a"), "-24");
    assert!(!text(&host, "fd-table").contains("✗ wrong"));
    host.remove();
}

#[wasm_bindgen_test]
async fn bad_expression_shows_the_message_and_keeps_the_graph() {
    let host = mount();
    type_into(&host, "expr-input", "(a*b+c))^2", "input").await;
    assert!(text(&host, "expr-error").contains("unexpected ')' at 7"));
    assert_eq!(text(&host, "value-f"), "f = 16");
    type_into(&host, "expr-input", "tanh(w*x+b)", "input").await;
    assert!(host
        .query_selector("[data-testid='expr-error']")
        .unwrap()
        .is_none());
    assert!(host
        .query_selector("[data-testid='var-w']")
        .unwrap()
        .is_some());
    host.remove();
}

#[wasm_bindgen_test]
async fn editing_an_input_updates_everything_and_refuses_junk() {
    let host = mount();
    click(&host, "fd-reveal").await;
    type_into(&host, "var-a", "3", "change").await;
    // u = 3·(−3) = −9, v = 1, f = 1; ā = 2v·b = −6
    assert_eq!(text(&host, "value-f"), "f = 1");
    assert_eq!(text(&host, "grad-a"), "-6");
    type_into(&host, "var-a", "", "change").await;
    assert_eq!(
        text(&host, "value-f"),
        "f = 1",
        "a bad value keeps the last good one"
    );
    host.remove();
}

#[wasm_bindgen_test]
async fn the_ticks_pick_what_the_lab_trains() {
    let host = mount();
    click(&host, "nav-lab").await;
    assert!(text(&host, "lab-selected").contains("exact backprop"));
    click(&host, "req-R4").await;
    assert!(text(&host, "lab-selected").contains("feedback alignment"));
    // the graph view shares the ticks: R4 matters there only for products
    click(&host, "nav-graph").await;
    click(&host, "fd-reveal").await;
    assert!(text(&host, "fd-table").contains("✗ wrong"));
    assert!(text(&host, "note-r4").contains("feedback alignment"));
    click(&host, "req-R4").await;
    click(&host, "req-R2").await;
    click(&host, "nav-lab").await;
    assert!(text(&host, "lab-selected").contains("no local derivatives"));
    click(&host, "req-R2").await;
    host.remove();
}

#[wasm_bindgen_test]
async fn r5_on_a_tree_says_it_changes_nothing_and_offers_fan_out() {
    let host = mount();
    click(&host, "req-R5").await;
    assert!(text(&host, "note-r5").contains("no effect"));
    click(&host, "try-fan-out").await;
    assert_eq!(
        find(&host, "expr-input")
            .unchecked_into::<HtmlInputElement>()
            .value(),
        "(a+b)*(b+1)"
    );
    assert!(host
        .query_selector("[data-testid='note-r5']")
        .unwrap()
        .is_none());
    click(&host, "fd-reveal").await;
    // b's second contribution arrives too late: −2 instead of −3
    assert_eq!(text(&host, "grad-b"), "-2");
    click(&host, "req-R5").await;
    host.remove();
}

#[wasm_bindgen_test]
fn a_failure_is_shown_on_the_page_with_a_reload_link() {
    creditflow::ui::shell::failure::show("index out of bounds <len 3>\nsecond line");
    let doc = web_sys::window().unwrap().document().unwrap();
    let banner = doc.get_element_by_id("failure-banner").expect("a banner");
    let text = banner.text_content().unwrap();
    assert!(
        text.contains("Credit Flow stopped working: index out of bounds <len 3>"),
        "{text}"
    );
    assert!(!text.contains("second line"));
    assert!(banner
        .query_selector("a[data-testid=failure-reload]")
        .unwrap()
        .is_some());
    // shown once
    creditflow::ui::shell::failure::show("another");
    assert_eq!(
        doc.query_selector_all("#failure-banner").unwrap().length(),
        1
    );
    banner.remove();
}
