-- A range of valid user-defined operator names.
def (x: i32) %% (y: i32) = x - y
def (x: i32) <<| (y: i32) = x << y
def (x: bool) ||| (y: bool) = x != y
def (x: i32) !== (y: i32) = x != y
def (x: i32) ==> (y: i32) = x <= y
def (x: f32) /. (y: f32) = x / y
def (x: i32) ^+ (y: i32) = x ^ y
def (x: i32) &> (y: i32) = x & y
