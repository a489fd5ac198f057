//! The Studies view: the depth and width studies, wired to `page::studies`.

pub mod view;
