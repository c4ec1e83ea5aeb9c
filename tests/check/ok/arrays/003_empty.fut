-- Empty array literals typed by an annotation.
-- ==
def none : [0]i32 = []
def also_none = [] : [0]f64
def n = length none
