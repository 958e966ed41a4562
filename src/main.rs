//! The `umpire` binary: everything happens in the library; this only maps errors to exit codes.

fn main() {
    std::process::exit(umpire::cli::main());
}
