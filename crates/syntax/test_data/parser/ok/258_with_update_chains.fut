-- Several 'with' updates chained one after another.
type rec = {a: i32, b: i32, c: (i32, i32)}
def reset (r: rec) : rec = r with a = 0 with b = 0
def deep (r: rec) : rec = r with c.0 = 1 with c.1 = 2
def arr (xs: *[]i32) = xs with [0] = 1 with [1] = 2
def mixed (xs: *[]rec) = xs with [0].a = 5
