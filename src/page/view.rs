//! The page's four views (the worked example, the lab, the studies, the
//! agents): what the header switches between, a tour stop and a slide
//! show, and the link names.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    Graph,
    Lab,
    Studies,
    Agents,
}
