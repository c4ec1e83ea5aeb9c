-- User-defined operators take their precedence from their first characters.
def (a: i32) +^ (b: i32) = a + b
def (a: i32) *- (b: i32) = a * b
def (a: i32) >>= (b: i32) = a >> b
def (x: i32) |>> (f: i32 -> i32) = f x
def e1 = 1 +^ 2 *- 3
def e2 = 1 *- 2 +^ 3
def e3 = 64 >>= 1 +^ 1
def e4 = 5 |>> (+ 1) |>> (* 2)
