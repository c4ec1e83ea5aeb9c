-- A top-level definition refers to one declared after it.
-- ==
-- error: Unknown name "later"
def early = later + 1
def later = 2i32
