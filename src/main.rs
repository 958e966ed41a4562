//! The `umpire` binary: everything happens in the library; this only hands back its exit code.

fn main() -> std::process::ExitCode {
    umpire::cli::main()
}
