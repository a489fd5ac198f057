//! The guided tour's card and its entry points, wired to `page::tour`;
//! the teacher panel that sets a class's tour up, and the exit ticket.

pub mod card;
pub mod stop;
pub mod teacher;
pub mod ticket;
