//! One binary, two front ends: in the browser it mounts the app; natively
//! it is the command line (`creditflow grad …`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    creditflow::ui::mount();
    #[cfg(not(target_arch = "wasm32"))]
    std::process::exit(creditflow::cli::run(std::env::args().skip(1).collect()));
}
