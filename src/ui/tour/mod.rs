//! The guided tour's card and its entry points, wired to `page::tour`.

pub mod card;
pub mod stop;
