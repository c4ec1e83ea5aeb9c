-- Underscores may separate digits in integer literals.
def million = 1_000_000
def odd_grouping = 12_34_5
def trailing_group = 7_
def with_suffix = 4_294_967_295u32
