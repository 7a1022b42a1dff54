import { useAtomValue } from "jotai";
import { useState, type FormEvent } from "react";
import { loginAtom } from "./session";

/** The staff sign-in's state, shared by the admin's login screen and the gate's. */
export function useLoginForm() {
  const login = useAtomValue(loginAtom);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const ready = email.trim() !== "" && password !== "";

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    login.mutate({ email: email.trim(), password }, { onSuccess: () => setPassword("") });
  }

  return { login, email, setEmail, password, setPassword, ready, submit };
}
