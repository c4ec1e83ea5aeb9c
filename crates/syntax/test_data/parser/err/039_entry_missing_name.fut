-- entry keyword without a name
entry (xs: []i32) = xs

def after = 39
