-- Record fields whose value is a variable of the same name.
def build (x: f32) (y: f32) = {x, y}
def mixed (a: i32) (b: i32) = {a, b = b * 2, c = 0}
def only_pun (width: i64) (height: i64) = {width, height,}
