//! The Agents view's URL keys: one per entry of
//! `lab::agents::settings::SETTINGS`, which parses and prints them (the
//! command line's flags read the same table).

use super::url_state::Key;
use crate::lab::agents::settings::SETTINGS;

macro_rules! agent_keys {
    ($($i:literal),*) => {
        [$(Key {
            name: SETTINGS[$i].key,
            what: SETTINGS[$i].what,
            parse: |s, v| (SETTINGS[$i].set)(&mut s.agents, v),
            print: |s| (SETTINGS[$i].get)(&s.agents),
        }),*]
    };
}

/// The Agents view's keys, in the order links print them.
pub const AGENT_KEYS: [Key; SETTINGS.len()] =
    agent_keys!(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18);
