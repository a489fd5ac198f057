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

impl View {
    pub const ALL: [View; 4] = [View::Graph, View::Lab, View::Studies, View::Agents];

    /// The name links use (`view=`).
    pub fn id(self) -> &'static str {
        match self {
            View::Graph => "graph",
            View::Lab => "lab",
            View::Studies => "studies",
            View::Agents => "agents",
        }
    }

    pub fn from_id(id: &str) -> Option<View> {
        Self::ALL.into_iter().find(|v| v.id() == id)
    }
}
