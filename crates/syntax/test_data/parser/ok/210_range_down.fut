-- Exclusive downward ranges.
def countdown (n: i64) = n..>0
def stepped_down (n: i64) = n..n - 2..>0
def literal = 10..>-1
def in_map (n: i64) = map (* 2) (n..>0)
