-- Several attributes stacked on one declaration.
#[inline]
#[vectorise]
def stacked (x: i32) = x * 2

#[first] #[second] #[third(3)] type tagged_type = i32
