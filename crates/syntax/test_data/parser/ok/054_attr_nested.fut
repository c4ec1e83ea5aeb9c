-- Compound attributes with arguments, numbers and nesting.
#[tuning(block_size, 256)]
def kernel (x: i32) = x

#[meta(owner(team), 1, flag)]
def tagged = 0

#[empty_args()]
def bare = 1

#[trailing(a, b,)]
def trailing_comma = 2
