pub fn mount() {}
