" Futhark comments start with `--`; its code is indented by two spaces.
setlocal commentstring=--\ %s comments=:--\ \|,:--
setlocal expandtab shiftwidth=2 softtabstop=2
